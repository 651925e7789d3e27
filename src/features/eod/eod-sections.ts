import type { Tables } from '@/shared/supabase/database.types';

/** A report row as the database keeps it (reported, edited_ and final_ amounts). */
export type EodReport = Tables<'end_of_day_reports'>;

/** The amounts staff correct: each has an edited_ twin, and a final_ value the database derives. */
export const EOD_AMOUNT_FIELDS = [
  'cash',
  'start_cash',
  'end_cash',
  'card',
  'local_card_amount',
  'other_card_amount',
  'mobile_pay',
  'allocated_mobile_pay',
  'end_check',
  'end_vipps',
  'end_voucher',
  'end_gift_card',
  'end_bank',
  'invoice',
  'end_credit_sales',
  'end_market_sales',
  'end_vipps_timeout',
  'end_customer_sales',
  'misc_gift_card',
  'end_prepaid',
] as const;
export type EodAmountField = (typeof EOD_AMOUNT_FIELDS)[number];
export type EditedField = `edited_${EodAmountField}`;

export interface EodSectionLine {
  field: EodAmountField;
  label: string;
}

export interface EodSection {
  title: string;
  lines: EodSectionLine[];
  /** A figure the till reports that no one edits (discount, total). */
  fixed?: 'discount_total' | 'final_total' | 'total_miscellaneous';
}

/** The ice-cream tenant's miscellaneous fields, else the others' (delivery-operations §2); the database sums the same ones. */
export function miscellaneousLines(iceCream: boolean): EodSectionLine[] {
  return iceCream
    ? [
        { field: 'end_customer_sales', label: 'Customer Club' },
        { field: 'end_market_sales', label: 'Online Buy' },
        { field: 'misc_gift_card', label: 'Gift Card' },
        { field: 'allocated_mobile_pay', label: 'Mobilepay Emergency Number' },
      ]
    : [
        { field: 'end_credit_sales', label: 'Kredittsalg' },
        { field: 'end_vipps_timeout', label: 'Vipps timet ut' },
        { field: 'end_gift_card', label: 'Gavekort' },
        { field: 'end_prepaid', label: 'Pre-paid' },
      ];
}

/** The expanded report's sections in the spec's order; Mobile Pay on the ice-cream layout, Vipps and Gift card elsewhere. */
export function eodSections(iceCream: boolean): EodSection[] {
  return [
    {
      title: 'Cash',
      lines: [
        { field: 'start_cash', label: 'Start cash' },
        { field: 'cash', label: 'Cash' },
        { field: 'end_cash', label: 'End cash' },
      ],
    },
    {
      title: 'Card',
      lines: [
        { field: 'card', label: 'Card' },
        { field: 'local_card_amount', label: 'Dankort' },
        { field: 'other_card_amount', label: 'Other card' },
      ],
    },
    ...(iceCream
      ? [{ title: 'Mobile Pay', lines: [{ field: 'mobile_pay', label: 'Mobile Pay' }] } satisfies EodSection]
      : [
          { title: 'Vipps', lines: [{ field: 'end_vipps', label: 'Vipps' }] } satisfies EodSection,
          { title: 'Gift card', lines: [{ field: 'end_voucher', label: 'Gift card' }] } satisfies EodSection,
        ]),
    {
      title: 'Invoice',
      lines: [
        { field: 'invoice', label: 'Invoice' },
        { field: 'end_check', label: 'Check' },
      ],
    },
    { title: 'Miscellaneous', lines: miscellaneousLines(iceCream), fixed: 'total_miscellaneous' },
    { title: 'Deposited To Bank', lines: [{ field: 'end_bank', label: 'Deposited To Bank' }] },
    { title: 'Discount', lines: [], fixed: 'discount_total' },
    { title: 'Total', lines: [], fixed: 'final_total' },
  ];
}

export const editedField = (field: EodAmountField): EditedField => `edited_${field}`;
export const finalField = (field: EodAmountField) => `final_${field}` as const;

export const isApproved = (status: EodReport['status']) => status.startsWith('approved');
export const isPending = (status: EodReport['status']) => status.startsWith('pending');

/** What the EOD screens read of the tenant: formats and the tenant differences (flags in data, never the slug). */
export type EodTenant = Pick<
  Tables<'tenants'>,
  | 'slug'
  | 'currency'
  | 'locale'
  | 'date_format'
  | 'time_zone'
  | 'uses_ice_cream_eod_layout'
  | 'can_delete_approved_eod'
  | 'shows_eod_sales_export'
>;
