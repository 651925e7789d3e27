-- The role lists of the route catalogue (20261126030000) name only qualified types; a fixed, empty search path
-- keeps them so whatever path the caller has (the database advisor's function_search_path_mutable).
alter function app_private.route_writers() set search_path = '';
alter function app_private.route_readers() set search_path = '';
