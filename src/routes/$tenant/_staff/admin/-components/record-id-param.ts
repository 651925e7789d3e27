import { z } from 'zod';

const recordId = z.coerce.number().int().positive();

/**
 * Route `params` for one numeric id segment (`$depoId`, `$stopTypeId`...): a malformed id is no page.
 *   params: recordIdParam('depoId')
 */
export function recordIdParam<Name extends string>(name: Name) {
  return {
    parse: (raw: Record<Name, string>) => ({ [name]: recordId.parse(raw[name]) }) as Record<Name, number>,
    stringify: (params: Record<Name, number>) => ({ [name]: String(params[name]) }) as Record<Name, string>,
  };
}
