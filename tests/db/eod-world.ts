import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client, serviceClient } from '../support/clients.ts';
import { asAdmin } from './trip-world.ts';

/**
 * A tenant of its own for the end-of-day tests (so no demo count moves): one depo with a cash register, a car
 * with its warehouse, products sold by wallmob SKU, an admin, and trips made on demand (a route and plan event
 * per trip, dated from the tenant's today, never a fixed date).
 */
export interface EodWorld {
  tenantId: string;
  slug: string;
  depoId: number;
  carId: number;
  warehouseId: number;
  warehouseCode: string;
  cashRegisterId: number;
  adminId: string;
  driverId: string;
  /** SKU -> product id. */
  products: Map<string, number>;
  admin: SupabaseClient;
  /** A plan event (own route) on the tenant's today + `dayOffset` (default: a day of its own, its driver has one a day), with stops at the given points. */
  trip(options?: {
    dayOffset?: number;
    stops?: Array<{ lat: number; lng: number }>;
  }): Promise<{ planEventId: number; routeId: number; stopIds: number[] }>;
  /** A pending report of a trip (or unmapped when null) whose orders sold the given SKUs. */
  report(
    planEventId: number | null,
    sold: Array<{ sku: string; quantity: number }>,
    amounts?: Record<string, number>,
  ): Promise<number>;
  /** Puts stock into the car's warehouse (a transfer, so the balance trigger does the sums). */
  stock(sku: string, amount: number): Promise<void>;
  balance(sku: string): Promise<number>;
  drop(): Promise<void>;
}

export const SKUS = ['EOD-1', 'EOD-2', 'EOD-3'];

export async function createEodWorld(options: { iceCream?: boolean } = {}): Promise<EodWorld> {
  const slug = `zz-eod-${randomUUID().slice(0, 8)}`;
  const password = `pw-${randomUUID()}`;
  const adminEmail = `admin-${slug}@eod.test`;
  const driverEmail = `driver-${slug}@eod.test`;
  const users: string[] = [];
  for (const email of [adminEmail, driverEmail]) {
    const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;
    users.push(created.data.user.id);
  }
  const [adminId, driverId] = users;
  const ids = await asAdmin(async (db) => {
    await db.query('begin');
    const {
      rows: [tenant],
    } = await db.query<{ id: string }>(
      `insert into public.tenants (slug, name, time_zone, uses_ice_cream_eod_layout, can_delete_approved_eod, shows_eod_sales_export, pos_provider)
       values ($1, $1, 'Europe/Copenhagen', $2, not $2, not $2, 'wallmob') returning id`,
      [slug, options.iceCream ?? false],
    );
    const {
      rows: [depo],
    } = await db.query<{ id: string }>(
      `insert into public.depos (tenant_id, title, address) values ($1, 'EOD depo', 'Depovej 1') returning id`,
      [tenant.id],
    );
    for (const [userId, email, role] of [
      [adminId, adminEmail, 'admin'],
      [driverId, driverEmail, 'driver'],
    ]) {
      await db.query(
        `insert into public.staff_profiles (user_id, email, first_name, last_name) values ($1, $2, 'Eod', $3)`,
        [userId, email, role],
      );
      await db.query(
        `insert into public.tenant_memberships (tenant_id, user_id, role, wallmob_id) values ($1, $2, $3, $4)`,
        [tenant.id, userId, role, `wm-${role}`],
      );
      if (role !== 'admin')
        await db.query('insert into public.membership_depos (tenant_id, user_id, depo_id) values ($1, $2, $3)', [
          tenant.id,
          userId,
          depo.id,
        ]);
    }
    const {
      rows: [car],
    } = await db.query<{ id: string }>(
      `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, 'E1', $3) returning id`,
      [tenant.id, depo.id, slug.slice(-8)],
    );
    const code = `CW-${slug.slice(-8)}`;
    const {
      rows: [warehouse],
    } = await db.query<{ id: string }>(
      `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, owner_car_id) values ($1, $2, $3, 'Car E1', 'car', $4) returning id`,
      [tenant.id, depo.id, code, car.id],
    );
    const {
      rows: [register],
    } = await db.query<{ id: string }>(
      `insert into public.cash_registers (tenant_id, depo_id, name) values ($1, $2, 'Till 1') returning id`,
      [tenant.id, depo.id],
    );
    const products = new Map<string, number>();
    for (const sku of SKUS) {
      const {
        rows: [product],
      } = await db.query<{ id: string }>(
        `insert into public.products (tenant_id, sku, description, sales_price, wallmob_sku) values ($1, $2, $2, 10, $2) returning id`,
        [tenant.id, sku],
      );
      products.set(sku, Number(product.id));
    }
    await db.query('commit');
    return {
      tenantId: tenant.id,
      depoId: Number(depo.id),
      carId: Number(car.id),
      warehouseId: Number(warehouse.id),
      warehouseCode: code,
      cashRegisterId: Number(register.id),
      products,
    };
  });
  const admin = client();
  const signIn = await admin.auth.signInWithPassword({ email: adminEmail, password });
  if (signIn.error) throw signIn.error;
  let routes = 0;

  const world: EodWorld = {
    ...ids,
    slug,
    adminId,
    driverId,
    admin,
    trip: (opts = {}) =>
      asAdmin(async (db) => {
        routes += 1;
        const {
          rows: [route],
        } = await db.query<{ id: string }>(
          `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`,
          [ids.tenantId, ids.depoId, `Route ${routes}`],
        );
        const {
          rows: [event],
        } = await db.query<{ id: string }>(
          `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour)
         select $1, $2, (now() at time zone t.time_zone)::date + $3::int, $4, $5, $6, 8 from public.tenants t where t.id = $1 returning id`,
          [ids.tenantId, ids.depoId, opts.dayOffset ?? -100 - routes, route.id, driverId, ids.carId],
        );
        const stopIds: number[] = [];
        for (const [i, stop] of (opts.stops ?? []).entries()) {
          const {
            rows: [point],
          } = await db.query<{ id: string }>(
            `insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, lat, lng)
           values ($1, $2, $3, $4, $5, $6, $7) returning id`,
            [ids.tenantId, event.id, ids.depoId, i + 1, `Stop ${i + 1}`, stop.lat, stop.lng],
          );
          stopIds.push(Number(point.id));
        }
        return { planEventId: Number(event.id), routeId: Number(route.id), stopIds };
      }),
    report: (planEventId, sold, amounts = {}) =>
      asAdmin(async (db) => {
        const columns = Object.keys(amounts);
        const {
          rows: [report],
        } = await db.query<{ id: string }>(
          `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id, cash_register_id, start_at, end_at${columns.map((c) => `, ${c}`).join('')})
         values ($1, $2, $3, $4, $5, $6, now() - interval '8 hours', now()${columns.map((_, i) => `, $${i + 7}`).join('')}) returning id`,
          [
            ids.tenantId,
            ids.depoId,
            planEventId,
            ids.carId,
            driverId,
            ids.cashRegisterId,
            ...columns.map((c) => amounts[c]),
          ],
        );
        const {
          rows: [order],
        } = await db.query<{ id: string }>(
          `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id, total_revenue, total_quantity)
         values ($1, $2, $3, now() - interval '4 hours', $4, 0, 0) returning id`,
          [ids.tenantId, report.id, ids.depoId, `T-${randomUUID()}`],
        );
        for (const line of sold) {
          await db.query(
            `insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, product_name, wallmob_sku, quantity, total_line_amount)
           values ($1, $2, $3, $4, $4, $5::numeric, $5::numeric * 10)`,
            [ids.tenantId, order.id, ids.depoId, line.sku, line.quantity],
          );
        }
        return Number(report.id);
      }),
    stock: (sku, amount) =>
      asAdmin(async (db) => {
        const {
          rows: [transfer],
        } = await db.query<{ id: string }>(
          `insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, description, kind) values ($1, $2, $3, 'Load', 'regular') returning id`,
          [ids.tenantId, ids.depoId, ids.warehouseId],
        );
        await db.query(
          `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, $5)`,
          [ids.tenantId, transfer.id, ids.depoId, ids.products.get(sku), amount],
        );
      }),
    balance: (sku) =>
      asAdmin(async (db) => {
        const { rows } = await db.query<{ balance_amount: string }>(
          'select balance_amount from public.warehouse_product_balances where warehouse_id = $1 and product_id = $2',
          [ids.warehouseId, ids.products.get(sku)],
        );
        return rows.length === 0 ? 0 : Number(rows[0].balance_amount);
      }),
    async drop() {
      await asAdmin(async (db) => {
        const t = ids.tenantId;
        await db.query('delete from public.end_of_day_reports where tenant_id = $1', [t]);
        // Transfer lines are final; the test's own tenant goes as a whole, its transfers taking their lines along.
        await db.query('delete from public.stock_transfers where tenant_id = $1', [t]);
        await db.query('update public.plan_events set started_at = null where tenant_id = $1', [t]);
        await db.query('delete from public.plan_events where tenant_id = $1', [t]);
        await db.query('delete from public.routes where tenant_id = $1', [t]);
        await db.query('delete from public.warehouses where tenant_id = $1', [t]);
        await db.query('delete from public.cars where tenant_id = $1', [t]);
        await db.query('delete from public.tenants where id = $1', [t]);
      });
      for (const id of users) await serviceClient().auth.admin.deleteUser(id);
    },
  };
  return world;
}
