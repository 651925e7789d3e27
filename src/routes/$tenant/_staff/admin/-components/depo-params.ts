import { recordIdParam } from './record-id-param';

/** Route `params` of `/$tenant/admin/depo/$depoId/...`: a malformed depo id matches no page. */
export const depoParams = recordIdParam('depoId');
