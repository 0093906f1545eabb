// The user page's tabs: Pins, Boards and Folders, with the counts the viewer may see
// ('1 pin', '2 boards').

import { Link, useLocation } from 'react-router';
import { useUserCounts } from '../../api/boards';
import { t } from '../../i18n';
import { boardsPath, foldersPath, userPath, userPinsPath } from '../../lib/paths';
import './boards.css';

export function UserTabs({ username }: { username: string }) {
  const counts = useUserCounts(username);
  const here = useLocation().pathname.replace(/\/?$/, '/');
  // The bare user page shows the pins: their tab is the current one there too.
  const current = (to: string) => here.startsWith(to) || (to === userPinsPath(username) && here === userPath(username));
  const tabs = [
    {
      to: userPinsPath(username),
      label: counts
        ? t('userTabs.pinCount', '{count, plural, one {# pin} other {# pins}}', { count: counts.pins.totalCount })
        : t('userTabs.pins', 'Pins'),
    },
    {
      to: boardsPath(username),
      label: counts
        ? t('userTabs.boardCount', '{count, plural, one {# board} other {# boards}}', { count: counts.boards.totalCount })
        : t('userTabs.boards', 'Boards'),
    },
    {
      to: foldersPath(username),
      label: counts
        ? t('userTabs.folderCount', '{count, plural, one {# folder} other {# folders}}', { count: counts.folders.totalCount })
        : t('userTabs.folders', 'Folders'),
    },
  ];
  return (
    <nav className="user-tabs" aria-label={t('userTabs.label', 'User sections')}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className="user-tabs__tab" aria-current={current(tab.to) ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
