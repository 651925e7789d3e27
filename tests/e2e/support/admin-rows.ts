import { randomUUID } from 'node:crypto';
import { serviceClient } from '../../support/clients.ts';
import { danishMobile } from '../../support/phones.ts';

/** A short unique tag for rows a test creates, so runs and projects never collide. */
export const uniqueTag = (): string => randomUUID().slice(0, 8);

export async function tenantIdOf(slug: string): Promise<string> {
  const { data, error } = await serviceClient().from('tenants').select('id').eq('slug', slug).single();
  if (error) throw error;
  return (data as { id: string }).id;
}

export interface TestCustomer {
  id: number;
  phone: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** A retail customer of the tenant with a unique phone and names, made as the service role. */
export async function createCustomer(slug: string, fields: Record<string, unknown> = {}): Promise<TestCustomer> {
  const tag = uniqueTag();
  const row = {
    tenant_id: await tenantIdOf(slug),
    phone: danishMobile(),
    first_name: `E2e${tag}`,
    last_name: 'Customer',
    email: `customer-${tag}@e2e.test`,
    ...fields,
  };
  const { data, error } = await serviceClient()
    .from('customers')
    .insert(row)
    .select('id, phone, first_name, last_name, email')
    .single();
  if (error) throw error;
  return data as TestCustomer;
}
