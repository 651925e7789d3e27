-- The public sites: /dk opens the Danish brand, /no the Norwegian, /public the neutral entry (language modal).
update public.tenants set public_segment = 'dk', public_language = 'dk' where slug = 'hjem-is';
update public.tenants set public_segment = 'no', public_language = 'no' where slug = 'den-norske-isbilen';
update public.tenants set public_segment = 'public', public_language = 'no' where slug = 'public';
