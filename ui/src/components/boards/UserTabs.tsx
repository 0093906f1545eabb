// The user page's tabs: Pins, Boards and Folders, with the counts the viewer may see
// ('1 pin', '2 boards').

import { Link, useLocation } from 'react-router';
import { countLabel, useUserCounts } from '../../api/boards';
import { boardsPath, foldersPath, userPath, userPinsPath } from '../../lib/paths';
import './boards.css';

export function UserTabs({ username }: { username: string }) {
  const counts = useUserCounts(username);
  const here = useLocation().pathname.replace(/\/?$/, '/');
  // The bare user page shows the pins: their tab is the current one there too.
  const current = (to: string) => here.startsWith(to) || (to === userPinsPath(username) && here === userPath(username));
  const tabs = [
    { to: userPinsPath(username), label: counts ? countLabel(counts.pins.totalCount, 'pin') : 'Pins' },
    { to: boardsPath(username), label: counts ? countLabel(counts.boards.totalCount, 'board') : 'Boards' },
    { to: foldersPath(username), label: counts ? countLabel(counts.folders.totalCount, 'folder') : 'Folders' },
  ];
  return (
    <nav className="user-tabs" aria-label="User sections">
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className="user-tabs__tab" aria-current={current(tab.to) ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
