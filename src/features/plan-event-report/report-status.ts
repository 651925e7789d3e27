/**
 * A stop's status on the plan-event report (spec §4 "Plan event"): visited, skipped, unplanned (a sale where no
 * stop was planned) and e-shop delivery stops, plus the stops the truck has not reached yet (a trip under way).
 */
export const reportStatuses = ['visited', 'skipped', 'unplanned', 'eshop', 'planned'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** Marker and circle colours: visited green, skipped red, unplanned orange, e-shop light blue (spec §4). */
export const statusColours: Record<ReportStatus, string> = {
  visited: '#2f9e44',
  skipped: '#e03131',
  unplanned: '#f76707',
  eshop: '#74c0fc',
  planned: '#868e96',
};

export const statusLabels: Record<ReportStatus, string> = {
  visited: 'Visited',
  skipped: 'Skipped',
  unplanned: 'Unplanned',
  eshop: 'Eshop',
  planned: 'Not visited yet',
};
