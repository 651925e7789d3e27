import type pg from 'pg';
import { stackInfo } from '../support/stack-info.ts';
import { HOME_TENANT, type Caller } from './callers.ts';
import { FUNCTION_MODELS } from './function-models.ts';
import type { Endpoint } from './fuzz-run.ts';
import { loadIdPools } from './id-pools.ts';
import { functionRequestArbitrary, relationRequestArbitrary, rpcRequestArbitrary } from './requests.ts';
import { isModelledType, rpcArgumentsArbitrary } from './rpc-arguments.ts';
import { RPC_MODELS } from './rpc-models.ts';
import { anonRestRelations, edgeFunctions, enumLabels, exposedRpcs } from './surface.ts';

export interface Surface {
  endpoints: Endpoint[];
  /** What the API exposes that no model describes: the surface test fails on any. */
  unmodelled: string[];
  counts: { rpcs: number; functions: number; anonRelations: number };
}

/** Every RPC, edge function and anon-reachable relation, each with the callers that may reach it and its requests. */
export async function discoverSurface(db: pg.Client, callers: Caller[]): Promise<Surface> {
  const byName = (names: string[]) => callers.filter((caller) => names.includes(caller.name));
  const staff = byName(['admin', 'depo_admin', 'support', 'driver']);
  const rpcs = await exposedRpcs(db);
  const enums = await enumLabels(db);
  const rowTypes = new Set(
    (
      await db.query<{ name: string }>(
        `select format_type(c.reltype, null) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`,
      )
    ).rows.map((row) => row.name),
  );
  const pools = await loadIdPools(db, HOME_TENANT);
  const { rows: tenantRows } = await db.query<{ slug: string }>('select slug from public.tenants order by slug');
  const tenants = tenantRows.map((row) => row.slug);
  const unmodelled: string[] = [];
  const endpoints: Endpoint[] = [];

  for (const rpc of rpcs) {
    const model = RPC_MODELS[rpc.name];
    const unknownTypes = rpc.args.filter((argument) => !isModelledType(argument.type, enums, rowTypes));
    if (!model) unmodelled.push(`rpc ${rpc.name}: no entry in tests/fuzz/rpc-models.ts`);
    if (unknownTypes.length > 0)
      unmodelled.push(`rpc ${rpc.name}: no arbitrary for ${unknownTypes.map((a) => a.type).join(', ')}`);
    if (!model) continue;
    // Anon tries everything (and must be refused cleanly where it may not call); staff where granted; the service
    // role only where it is the intended caller (it passes RLS, so elsewhere it proves nothing).
    const rpcCallers = [
      ...byName(['anon']),
      ...(rpc.executableBy.includes('authenticated') ? staff : []),
      ...(rpc.executableBy.includes('service_role') && !rpc.executableBy.includes('authenticated')
        ? byName(['service_role'])
        : []),
    ];
    const args = rpcArgumentsArbitrary(rpc, model, pools, enums);
    endpoints.push({
      label: `rpc ${rpc.name}`,
      callers: rpcCallers,
      request: rpcRequestArbitrary(rpc.name, args, rpc.readOnly),
      tenantBound: !rpc.executableBy.includes('anon'),
    });
  }
  for (const name of Object.keys(RPC_MODELS)) {
    if (!rpcs.some((rpc) => rpc.name === name))
      unmodelled.push(`rpc ${name}: modelled but not exposed (remove its entry)`);
  }

  const functions = edgeFunctions();
  for (const name of functions) {
    const model = FUNCTION_MODELS[name];
    if (!model) {
      unmodelled.push(`function ${name}: no entry in tests/fuzz/function-models.ts`);
      continue;
    }
    endpoints.push({
      label: `function ${name}`,
      callers,
      request: functionRequestArbitrary(name, model, tenants),
      tenantBound: !model.public,
    });
  }

  // No table or view is granted to anon (DESIGN §4); any that appears is fuzzed, and named by the surface test.
  const relations = await anonRestRelations(stackInfo().apiUrl, stackInfo().anonKey);
  for (const relation of relations) {
    unmodelled.push(`relation ${relation}: anon can reach it through REST`);
    endpoints.push({
      label: `relation ${relation}`,
      callers: byName(['anon']),
      request: relationRequestArbitrary(relation),
      tenantBound: false,
    });
  }
  return {
    endpoints,
    unmodelled,
    counts: { rpcs: rpcs.length, functions: functions.length, anonRelations: relations.length },
  };
}
