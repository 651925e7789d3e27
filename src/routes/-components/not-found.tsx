import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <main className="page page--narrow">
      <h1>Page not found</h1>
      <p>
        <Link to="/">Back to the start page</Link>
      </p>
    </main>
  );
}
