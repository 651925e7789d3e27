import pg from 'pg';
import { readFileSync } from 'node:fs';
const info = JSON.parse(readFileSync('.local/stack-64500.json','utf8'));
let stop = false; const codes: Record<string, number> = {};
const churner = async (n: number) => { const db = new pg.Client({ connectionString: info.dbUrl }); await db.connect(); let i = 0;
  while (!stop) { const t = `zz_churn_${n}_${i++ % 3}`; try { await db.query(`create table if not exists public.${t}(id int primary key, p int references public.${t}(id)); create or replace function public.${t}_f(x public.${t}) returns int language sql as 'select 1'; create view public.${t}_v as select * from public.${t}; alter table public.${t} enable row level security; drop table public.${t} cascade`);} catch (e) { console.log(String(e)); } }
  await db.end(); };
const churns = [0,1,2,3].map(churner);
const t0 = Date.now();
const hit = async () => { while (Date.now() - t0 < 30000) {
  const r = await fetch(`${info.apiUrl}/rest/v1/rpc/sign_in_failure_notice`, { method: 'POST', headers: { apikey: info.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a\u0000b@x.test' }) });
  const body = await r.text(); const k = `${r.status} ${r.status === 400 ? '' : body.slice(0, 160)}`; codes[k] = (codes[k] ?? 0) + 1;
} };
await Promise.all([hit(), hit(), hit()]);
stop = true; await Promise.all(churns); console.log(codes);
