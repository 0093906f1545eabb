// '/': the 'Last pins' list with its total count, 50 pins a page, newest first; for a signed-in
// user, the tabs 'Following' (the newest pins of the people and boards they follow, the tab
// shown first once they follow something) and 'Last pins'; on an instance without accounts, what
// to do first (FirstRun).

import { useState } from 'react';
import { useSignUpState } from '../api/admin';
import { useFollowingCount, useFollowingPins } from '../api/follows';
import { useMe } from '../api/me';
import { useLastPins } from '../api/pinLists';
import { EmptyState } from '../components/EmptyState';
import { PinList } from '../components/pins/PinList';
import { t } from '../i18n';
import { HOME_PATH } from '../lib/paths';
import { FirstRun } from './FirstRun';
import './Home.css';

type Tab = 'Following' | 'Last pins';

export function Home() {
  const { me, isLoading } = useMe();
  const visitor = !isLoading && !me;
  const { signUp } = useSignUpState(null, visitor);
  const followingCount = useFollowingCount(me !== null);
  const [chosen, setChosen] = useState<Tab | null>(null);
  if (visitor && signUp?.firstAccount) return <FirstRun signUp={signUp} />;
  const tab: Tab = chosen ?? (followingCount !== null && followingCount > 0 ? 'Following' : 'Last pins');
  return (
    <section aria-labelledby="home-title">
      {me ? <HomeTabs current={tab} onChoose={setChosen} /> : null}
      <div id="home-panel" role={me ? 'tabpanel' : undefined} aria-labelledby={me ? `home-tab-${tabKey(tab)}` : undefined}>
        {tab === 'Following' ? <FollowingPanel /> : <LastPinsPanel />}
      </div>
    </section>
  );
}

const TABS: Tab[] = ['Following', 'Last pins'];

function tabKey(tab: Tab): string {
  return tab === 'Following' ? 'following' : 'last';
}

function tabLabel(tab: Tab): string {
  return tab === 'Following' ? t('home.followingTab', 'Following') : t('home.lastPinsTab', 'Last pins');
}

/** The two tabs, moved between with the arrow keys too (the WAI-ARIA tabs pattern). */
function HomeTabs({ current, onChoose }: { current: Tab; onChoose: (tab: Tab) => void }) {
  const choose = (tab: Tab) => {
    onChoose(tab);
    document.getElementById(`home-tab-${tabKey(tab)}`)?.focus();
  };
  return (
    <div className="home-tabs" role="tablist" aria-label={t('home.tabsLabel', 'Home lists')}>
      {TABS.map((tab, index) => (
        <button
          key={tab}
          id={`home-tab-${tabKey(tab)}`}
          type="button"
          role="tab"
          className="home-tabs__tab"
          aria-selected={tab === current}
          aria-controls="home-panel"
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onChoose(tab)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            event.preventDefault();
            const step = event.key === 'ArrowRight' ? 1 : TABS.length - 1;
            choose(TABS[(index + step) % TABS.length] ?? tab);
          }}
        >
          {tabLabel(tab)}
        </button>
      ))}
    </div>
  );
}

function LastPinsPanel() {
  const list = useLastPins();
  return (
    <>
      <div className="page-heading">
        <h1 id="home-title">{t('home.lastPinsTitle', 'Last pins')}</h1>
        {list.totalCount !== null ? (
          <p className="page-heading__count">
            {t('home.pinCount', '{count, plural, one {# pin} other {# pins}}', { count: list.totalCount })}
          </p>
        ) : null}
      </div>
      <PinList list={list} base={HOME_PATH} />
    </>
  );
}

function FollowingPanel() {
  const list = useFollowingPins();
  return (
    <>
      <div className="page-heading">
        <h1 id="home-title">{t('home.followingTitle', 'Following')}</h1>
      </div>
      <PinList
        list={list}
        base={HOME_PATH}
        empty={
          <EmptyState>
            {t(
              'home.followingEmpty',
              'Nothing here yet: follow people and boards from their pages, and their newest pins will show here.',
            )}
          </EmptyState>
        }
      />
    </>
  );
}
