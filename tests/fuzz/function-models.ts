/** The kind of one field of a function's query string or JSON body, as its zod schema reads it. */
export type FieldKind =
  | 'text'
  | 'int'
  | 'number'
  | 'bool'
  | 'date'
  | 'datetime'
  | 'uuid'
  | 'tenant'
  | 'ids'
  | { oneOf: string[] }
  | { list: Record<string, FieldKind> };

export interface FunctionModel {
  /** The methods it serves (others must answer 405); every model is also sent the other methods. */
  methods: string[];
  query?: Record<string, FieldKind>;
  body?: Record<string, FieldKind>;
  /** Served to callers outside any tenant (customers' pages, provider webhooks): no tenant-isolation check. */
  public?: boolean;
}

/**
 * Every edge function's inputs, read from its zod schema or query handling (edge-functions/<name>/index.ts). A
 * function folder or config.toml entry missing here fails the surface test, so a new function is not left unfuzzed.
 */
export const FUNCTION_MODELS: Record<string, FunctionModel> = {
  'admin-users': {
    methods: ['GET', 'POST', 'PATCH', 'PUT'],
    query: { tenant: 'tenant', id: 'uuid', depo_id: 'int', statuses: { oneOf: ['active', 'inactive'] } },
    body: {
      first_name: 'text',
      last_name: 'text',
      email: 'text',
      role: { oneOf: ['admin', 'depo_admin', 'support', 'driver'] },
      password: 'text',
      password_confirmation: 'text',
      axapta_code: 'text',
      depo_id: 'int',
      depo_ids: 'ids',
      status: { oneOf: ['active', 'inactive'] },
      franchise_driver: 'bool',
      wallmob_id: 'text',
      wallmob_name: 'text',
      lakrids_driver_id: 'text',
      lakrids_driver_name: 'text',
    },
  },
  'b2b-customers-export': {
    methods: ['GET'],
    query: {
      tenant: 'tenant',
      status: { oneOf: ['active', 'inactive', 'all', ''] },
      depo: 'int',
      depo_id: 'int',
      search_phrase: 'text',
      tab: 'text',
    },
  },
  'manual-counting-export': { methods: ['GET'], query: { document_id: 'int' } },
  'stock-document-export': {
    methods: ['GET'],
    query: { tenant: 'tenant', document: { oneOf: ['order', 'transfer'] }, id: 'int' },
  },
  'write-off-export': {
    methods: ['GET'],
    query: { tenant: 'tenant', depo_id: 'int', start_date: 'date', end_date: 'date', from_warehouses: 'ids' },
  },
  'estimate-arrivals': { methods: ['POST'], body: { plan_event_id: 'int' } },
  geocode: {
    public: true,
    methods: ['GET'],
    query: {
      tenant: 'tenant',
      site: 'text',
      q: 'text',
      type: { oneOf: ['global', 'local'] },
      lat: 'number',
      lng: 'number',
    },
  },
  'gps-sync': { methods: ['POST'], body: { tenant: 'tenant' } },
  health: { methods: ['GET'] },
  'lakrids-drivers': { methods: ['GET'], query: { tenant: 'tenant', driver_name: 'text' } },
  'pos-orders': {
    public: true,
    methods: ['POST'],
    query: { tenant: 'tenant' },
    body: {
      tenant: 'tenant',
      orders: {
        list: {
          id: 'text',
          cash_register_id: 'int',
          wallmob_user_id: 'text',
          sold_at: 'datetime',
          lat: 'number',
          lng: 'number',
          payment: { oneOf: ['cash', 'card', 'mobile_pay', 'vipps', 'gift_card', 'invoice'] },
          lines: {
            list: {
              sku: 'text',
              product_name: 'text',
              category_name: 'text',
              quantity: 'number',
              amount: 'number',
              discount: 'number',
            },
          },
        },
      },
    },
  },
  'password-recovery': {
    public: true,
    methods: ['POST'],
    body: { email: 'text', redirect_to: 'text' },
  },
  'public-subscribe': {
    public: true,
    methods: ['GET', 'POST'],
    // step=confirm takes { site, request_id, code } (the SMS code); without it the body is the subscribe request.
    query: { site: 'text', step: { oneOf: ['confirm', ''] } },
    body: {
      site: { oneOf: ['dk', 'no', 'public', ''] },
      request_id: 'uuid',
      code: 'text',
      route_point_id: 'int',
      phone: 'text',
      address: 'text',
      lat: 'number',
      lng: 'number',
      original_address: 'text',
      original_lat: 'number',
      original_lng: 'number',
      marketing_agreement: 'bool',
      captcha_token: 'text',
      facebook_messenger_id: 'text',
      broadcast_message_block_id: 'text',
      page: 'text',
      sms_consent_text: 'text',
      marketing_consent_text: 'text',
    },
  },
  'route-eta': {
    methods: ['POST'],
    query: { tenant: 'tenant' },
    body: {
      route_id: 'int',
      first_stop_arrival_time: 'text',
      stops: { list: { lat: 'number', lng: 'number', wait_hours: 'number' } },
    },
  },
  'sales-export': {
    methods: ['GET'],
    query: {
      tenant: 'tenant',
      kind: { oneOf: ['sales', 'product_transfers'] },
      depo_id: 'int',
      start_date: 'date',
      end_date: 'date',
      car_ids: 'ids',
      order_ids: 'ids',
    },
  },
  'sms-delivery-report': {
    public: true,
    methods: ['POST'],
    query: { tenant: 'tenant' },
    body: { id: 'int', msisdn: 'text', status: 'text', error: 'text', code: 'text' },
  },
  'sms-dispatch': { methods: ['POST'], body: { max_rows: 'int' } },
  'wallmob-users': { methods: ['GET'], query: { tenant: 'tenant', q: 'text' } },
  whoami: { methods: ['GET'] },
};
