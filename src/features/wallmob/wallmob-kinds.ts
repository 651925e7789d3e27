/** The two number lists of the external order system (admin-core §2 /wallmob). */
export const WALLMOB_KINDS = ['products', 'customers'] as const;
export type WallmobKind = (typeof WALLMOB_KINDS)[number];

export const wallmobTable = { products: 'wallmob_products', customers: 'wallmob_customers' } as const satisfies Record<WallmobKind, string>;

export const wallmobDeleteQuestion: Record<WallmobKind, string> = {
  products: 'Are you sure you want to delete this product?',
  customers: 'Are you sure you want to delete this customer?',
};

export const WALLMOB_PAGE_SIZE = 25;
