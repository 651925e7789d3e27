import { runQuery, type PostgrestResultLike } from './request-error';

/**
 * Runs a counting query (`select('id', { count: 'exact', head: true })`) and returns the count,
 * or throws a `RequestError` with the request address as `runQuery` does.
 */
export async function runCount(
  builder: PromiseLike<PostgrestResultLike<unknown> & { count: number | null }> & object,
): Promise<number> {
  let count = 0;
  const counted = builder.then((result) => {
    count = result.count ?? 0;
    return result;
  });
  await runQuery(Object.assign(counted, { url: Reflect.get(builder, 'url') as unknown }));
  return count;
}
