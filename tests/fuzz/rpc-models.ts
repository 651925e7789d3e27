/** A table whose ids (of other tenants, and of the caller's own tenant for read-only functions) an argument takes. */
export type IdTable =
  | 'b2b_customers'
  | 'cars'
  | 'cash_registers'
  | 'customers'
  | 'depos'
  | 'end_of_day_reports'
  | 'plan_event_route_points'
  | 'plan_events'
  | 'products'
  | 'route_points'
  | 'routes'
  | 'sms_outbox'
  | 'sms_templates'
  | 'staff_profiles'
  | 'tenants'
  | 'warehouses'
  | 'webshop_orders'
  | 'stop_uuids'
  | 'customer_uuids'
  | 'stock_orders'
  | 'stock_transfers'
  | 'manual_counting_documents';

export interface RpcModel {
  /** Arguments that name a row: fuzzed with real ids of other tenants besides generated values. */
  ids?: Record<string, IdTable>;
}

/**
 * The argument model of every RPC the API exposes. Argument values come from each argument's SQL type (see
 * `rpc-arguments.ts`); the entry adds which arguments are row ids. A function missing here fails the surface test,
 * so a new RPC is not left unfuzzed.
 */
export const RPC_MODELS: Record<string, RpcModel> = {
  add_b2b_customer_to_route_point: { ids: { route_point_id: 'route_points', b2b_customer_id: 'b2b_customers' } },
  approve_end_of_day_report: { ids: { p_report_id: 'end_of_day_reports' } },
  approve_manual_counting_document: { ids: { p_document_id: 'manual_counting_documents' } },
  approve_route: { ids: { route_id: 'routes' } },
  approve_stock_order: { ids: { p_order_id: 'stock_orders' } },
  approve_unmapped_end_of_day_report: {
    ids: { p_report_id: 'end_of_day_reports', p_car_id: 'cars', p_user_id: 'staff_profiles', p_route_id: 'routes' },
  },
  audit_function_call: { ids: { p_tenant_id: 'tenants', p_user_id: 'staff_profiles' } },
  b2b_customer_picker: {},
  b2b_customer_status_sizes: { ids: { p_tenant_id: 'tenants', p_depo_id: 'depos' } },
  b2b_customers_export_count: { ids: { p_tenant_id: 'tenants', p_depo_id: 'depos' } },
  b2b_customers_export_page: { ids: { p_tenant_id: 'tenants', p_depo_id: 'depos' } },
  b2b_customers_page: { ids: { p_tenant_id: 'tenants', p_depo_id: 'depos' } },
  begin_gps_sync_tick: {},
  can_change_user_identity: { ids: { target: 'staff_profiles' } },
  change_webshop_order_route: {
    ids: { p_order_id: 'webshop_orders', p_plan_event_id: 'plan_events', p_point_id: 'plan_event_route_points' },
  },
  claim_arrival_estimates: { ids: { p_plan_event_id: 'plan_events' } },
  cleanup_webshop_orders: { ids: { p_depo_id: 'depos' } },
  confirm_public_subscription: {},
  convert_to_route: { ids: { plan_event_id: 'plan_events' } },
  copy_route: { ids: { route_id: 'routes', new_depo_id: 'depos' } },
  create_end_of_day_report: { ids: { p_plan_event_id: 'plan_events', p_cash_register_id: 'cash_registers' } },
  create_manual_counting_document: { ids: { p_warehouse_id: 'warehouses' } },
  create_plan_events: {
    ids: { p_depo_id: 'depos', p_car_id: 'cars', p_route_id: 'routes', p_user_id: 'staff_profiles' },
  },
  create_route_point: { ids: { route_id: 'routes' } },
  create_stock_transfer: {
    ids: { p_from_warehouse_id: 'warehouses', p_to_warehouse_id: 'warehouses', p_stock_order_id: 'stock_orders' },
  },
  customers_page: { ids: { p_tenant_id: 'tenants' } },
  delete_manual_counting_document: { ids: { p_document_id: 'manual_counting_documents' } },
  delete_plan_event: { ids: { p_plan_event_id: 'plan_events' } },
  delete_plan_event_series: { ids: { p_plan_event_id: 'plan_events' } },
  delete_plan_events_in_range: { ids: { p_car_id: 'cars' } },
  delete_route: { ids: { route_id: 'routes' } },
  delete_stock_order: { ids: { p_order_id: 'stock_orders' } },
  depo_route_list: { ids: { p_depo_id: 'depos' } },
  depo_warehouse_orders: {
    ids: { p_depo_id: 'depos', p_from_warehouse_ids: 'warehouses', p_to_warehouse_ids: 'warehouses' },
  },
  destroy_route_points_by_address: { ids: { route_id: 'routes' } },
  driven_trail: {},
  end_gps_sync_tick: {},
  end_of_day_report_header: { ids: { p_report_id: 'end_of_day_reports' } },
  end_of_day_report_list: { ids: { p_depo_id: 'depos', p_car_ids: 'cars' } },
  eod_plan_event_options: { ids: { p_depo_id: 'depos' } },
  eod_user_options: { ids: { p_depo_id: 'depos' } },
  export_b2b_orders_csv: { ids: { p_order_ids: 'webshop_orders' } },
  feedback_filter_choices: { ids: { p_depo_id: 'depos' } },
  ingest_pos_orders: {},
  inventory_product_form: { ids: { p_product_id: 'products' } },
  inventory_products: { ids: { p_depo_id: 'depos' } },
  inventory_warehouses: { ids: { p_depo_id: 'depos' } },
  manual_counting_document: { ids: { p_document_id: 'manual_counting_documents' } },
  manual_counting_document_lines: { ids: { p_document_id: 'manual_counting_documents' } },
  mark_webshop_orders_printed: { ids: { p_order_ids: 'webshop_orders' } },
  move_remaining_product_balances: { ids: { p_product_id: 'products', p_target_product_id: 'products' } },
  move_route_points: { ids: { route_id: 'routes', point_ids: 'route_points', target_route_id: 'routes' } },
  move_webshop_order_to_depo: { ids: { p_order_id: 'webshop_orders', p_depo_id: 'depos' } },
  nearest_public_stops: {},
  plan_event_calendar_cars: { ids: { p_depo_id: 'depos' } },
  plan_event_calendar_choices: { ids: { p_depo_id: 'depos', p_except: 'plan_events' } },
  plan_event_calendar_days: { ids: { p_depo_id: 'depos' } },
  plan_event_calendar_events: { ids: { p_depo_id: 'depos' } },
  plan_event_heat_map: { ids: { plan_event_id: 'plan_events' } },
  plan_event_report: { ids: { plan_event_id: 'plan_events' } },
  plan_event_sms_customers: { ids: { plan_event_id: 'plan_events' } },
  plan_event_sms_templates: { ids: { plan_event_id: 'plan_events' } },
  planning_dashboard: { ids: { depo_id: 'depos' } },
  product_transfer_export_page: { ids: { p_depo_id: 'depos', p_after_order_id: 'webshop_orders' } },
  public_customer_consents: { ids: { customer_uuid: 'customer_uuids' } },
  public_site: {},
  public_site_languages: {},
  public_site_segments: {},
  public_sms_lead_minutes: { ids: { stop_route_point_id: 'route_points' } },
  public_tracking_car_location: { ids: { stop_uuid: 'stop_uuids' } },
  public_tracking_feedback: { ids: { stop_uuid: 'stop_uuids', customer_uuid: 'customer_uuids' } },
  public_tracking_stop: { ids: { stop_uuid: 'stop_uuids', customer_uuid: 'customer_uuids' } },
  public_tracking_unsubscribe: { ids: { customer_uuid: 'customer_uuids' } },
  record_user_identity_change: { ids: { p_user_id: 'staff_profiles' } },
  remaining_product_warehouse_balances: { ids: { p_product_id: 'products' } },
  remove_b2b_customer_from_route_point: { ids: { route_point_id: 'route_points', b2b_customer_id: 'b2b_customers' } },
  request_public_subscription: { ids: { route_point_id: 'route_points' } },
  reverse_known_address: {},
  route_customers: { ids: { route_id: 'routes' } },
  route_map_customers: { ids: { route_id: 'routes' } },
  route_map_phones: { ids: { route_id: 'routes', customer_ids: 'customers' } },
  route_map_similar_routes: { ids: { route_id: 'routes', customer_ids: 'customers' } },
  route_point_alternative_routes: { ids: { route_point_id: 'route_points' } },
  route_points_for_editor: { ids: { route_id: 'routes' } },
  route_unplanned_sales: { ids: { route_id: 'routes' } },
  sales_export_page: {
    ids: { p_depo_id: 'depos', p_car_ids: 'cars', p_order_ids: 'webshop_orders', p_after_order_id: 'webshop_orders' },
  },
  save_arrival_estimates: { ids: { p_plan_event_id: 'plan_events' } },
  save_manual_counting_document: { ids: { p_document_id: 'manual_counting_documents' } },
  save_route_points: { ids: { route_id: 'routes' } },
  save_stock_order: {
    ids: { p_order_id: 'stock_orders', p_from_warehouse_id: 'warehouses', p_to_warehouse_id: 'warehouses' },
  },
  save_tenant_membership: { ids: { p_tenant_id: 'tenants', p_user_id: 'staff_profiles', p_depo_ids: 'depos' } },
  search_known_addresses: {},
  search_tenant_addresses: { ids: { p_tenant_id: 'tenants' } },
  send_custom_sms: { ids: { plan_event_id: 'plan_events', selected_customer_ids: 'customers' } },
  send_stop_sms: {
    ids: { plan_event_id: 'plan_events', sms_template_id: 'sms_templates', selected_customer_ids: 'customers' },
  },
  set_webshop_order_status: { ids: { p_order_id: 'webshop_orders' } },
  sign_in_failure_notice: {},
  similar_routes: { ids: { route_id: 'routes' } },
  sms_budget_today: {},
  sms_claim: {},
  sms_enqueue_due: {},
  sms_enqueue_renotify: {},
  sms_expire_claims: {},
  sms_local_provider_send: { ids: { ids: 'sms_outbox' } },
  sms_mark_submitted: { ids: { ids: 'sms_outbox' } },
  sms_record_delivery_report: { ids: { outbox_id: 'sms_outbox' } },
  sms_record_results: {},
  sms_send_count: { ids: { plan_event_id: 'plan_events', selected_customer_ids: 'customers' } },
  sms_tracking_path: { ids: { stop_uuid: 'stop_uuids', customer_uuid: 'customer_uuids' } },
  stop_sending_sms: { ids: { plan_event_id: 'plan_events' } },
  support_stop_map_stops: {},
  support_stop_next_events: { ids: { stop_id: 'route_points' } },
  // Service role only (the geocode and password-recovery functions count their calls with it).
  take_public_call: {},
  tenant_map_region: {},
  tenant_public_branding: {},
  undo_delete_route: { ids: { route_id: 'routes' } },
  unsubscribe_public_customer: { ids: { customer_uuid: 'customer_uuids' } },
  unsubscribe_public_phone: {},
  update_multiple_customers: { ids: { route_point_id: 'route_points', customer_ids: 'customers' } },
  update_plan_event_assignment: {
    ids: { p_plan_event_id: 'plan_events', p_route_id: 'routes', p_user_id: 'staff_profiles' },
  },
  update_plan_event_start: { ids: { p_plan_event_id: 'plan_events' } },
  update_unmapped_end_of_day_report_times: { ids: { p_report_id: 'end_of_day_reports' } },
  warehouse_manual_counting_documents: { ids: { p_warehouse_id: 'warehouses' } },
  warehouse_owners: { ids: { p_depo_id: 'depos', p_warehouse_id: 'warehouses' } },
  warehouse_products_balance: { ids: { p_warehouse_id: 'warehouses' } },
  warehouse_stock_orders: { ids: { p_warehouse_id: 'warehouses' } },
  warehouse_stock_transfers: { ids: { p_warehouse_id: 'warehouses' } },
  weekday_sms_customers: { ids: { depo_id: 'depos' } },
  write_off_export_rows: { ids: { p_depo_id: 'depos', p_from_warehouse_ids: 'warehouses' } },
};
