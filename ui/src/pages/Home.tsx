// '/': the 'Last pins' list. No pins exist yet; the pin list (usePins, 50 per page) plugs in here.

import { EmptyState } from '../components/EmptyState';

export function Home() {
  return (
    <section aria-labelledby="home-title">
      <div className="page-heading">
        <h1 id="home-title">Last pins</h1>
      </div>
      <EmptyState>No pins...</EmptyState>
    </section>
  );
}
