import { InvalidPathParamError, positiveInt } from '@/shared/routing/url-values';

/**
 * Route `params` for one numeric id segment (`$depoId`, `$stopTypeId`...): a malformed id is no page.
 *   params: recordIdParam('depoId')
 */
export function recordIdParam<Name extends string>(name: Name) {
  return {
    parse: (raw: Record<Name, string>) => {
      const id = positiveInt(raw[name]);
      if (id === undefined) throw new InvalidPathParamError(name);
      return { [name]: id } as Record<Name, number>;
    },
    stringify: (params: Record<Name, number>) => ({ [name]: String(params[name]) }) as Record<Name, string>,
  };
}
