import { InvalidPathParamError, positiveInt } from '@/shared/routing/url-values';

/** `$warehouseId` and `$documentId` of a counting document's routes: both numeric, or no page. */
export const documentParams = {
  parse: (raw: { warehouseId: string; documentId: string }) => {
    const warehouseId = positiveInt(raw.warehouseId);
    const documentId = positiveInt(raw.documentId);
    if (warehouseId === undefined) throw new InvalidPathParamError('warehouseId');
    if (documentId === undefined) throw new InvalidPathParamError('documentId');
    return { warehouseId, documentId };
  },
  stringify: (params: { warehouseId: number; documentId: number }) => ({
    warehouseId: String(params.warehouseId),
    documentId: String(params.documentId),
  }),
};
