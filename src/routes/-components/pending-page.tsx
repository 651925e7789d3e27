/**
 * Shown while a route's data loads (after the router's pendingMs): grey rows where the table will
 * be, so a slow network shows that the click was taken instead of keeping the old page.
 */
export function PendingPage() {
  return (
    <section className="pending-page" aria-busy="true" aria-label="Loading">
      <div className="skeleton skeleton--title" />
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} className="skeleton skeleton--row" data-testid="skeleton-row" />
      ))}
    </section>
  );
}
