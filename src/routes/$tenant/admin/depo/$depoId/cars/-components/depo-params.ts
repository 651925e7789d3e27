import { z } from 'zod';

const idSchema = z.coerce.number().int().positive();

/** Route `params` of `/$tenant/admin/depo/$depoId/...`: a malformed depo id matches no page. */
export const depoParams = {
  parse: (raw: { depoId: string }) => ({ depoId: idSchema.parse(raw.depoId) }),
  stringify: (params: { depoId: number }) => ({ depoId: String(params.depoId) }),
};

/** `params` of a car's page below a depo. */
export const carParams = {
  parse: (raw: { carId: string }) => ({ carId: idSchema.parse(raw.carId) }),
  stringify: (params: { carId: number }) => ({ carId: String(params.carId) }),
};

/**
 * A page of a depo keeps the header's depo switcher on the depo of its path: when the `depo`
 * search parameter names another one, the page is reloaded with it corrected.
 */
export const depoSearchMismatch = (search: { depo?: number }, depoId: number) => search.depo !== depoId;
