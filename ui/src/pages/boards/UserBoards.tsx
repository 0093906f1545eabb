// '/{username}/boards/': the public boards, plus a 'Private boards' section for the owner (and
// for a viewer some private boards are shared with); each 50 a page, with a button for more.

import { useUserBoards } from '../../api/boards';
import { useCreateDialogs } from '../../components/boards/CreateDialogs';
import { BoardTile, PagedTileGrid } from '../../components/boards/Tiles';
import { boardPath } from '../../lib/paths';
import { QueryError } from '../QueryError';
import { ListSection, UserSection } from './UserSection';

export function UserBoards() {
  return <UserSection>{(user, isOwner) => <BoardsList username={user.username} isOwner={isOwner} />}</UserSection>;
}

function BoardsList({ username, isOwner }: { username: string; isOwner: boolean }) {
  const publicBoards = useUserBoards(username, false);
  const privateBoards = useUserBoards(username, true);
  const create = useCreateDialogs();

  const failed = [publicBoards, privateBoards].find((list) => list.error && list.nodes.length === 0)?.error;
  if (failed) return <QueryError error={failed} />;
  if (publicBoards.isLoading || privateBoards.isLoading) return <p className="user-page__loading" aria-busy="true">Loading...</p>;

  const grid = (list: typeof publicBoards, label: string, more: string, empty: string) => (
    <PagedTileGrid
      list={list}
      label={label}
      more={more}
      empty={empty}
      // Boards link under the user's boards; their folder, if any, shows on the board page.
      tile={(board) => <BoardTile key={board.id} board={board} href={boardPath(username, board.slug)} />}
    />
  );

  if (!isOwner && privateBoards.nodes.length === 0) return grid(publicBoards, 'Boards', 'More boards', 'No boards...');

  const newButton = (secret: boolean) =>
    isOwner ? (
      <button type="button" className="button button--ghost" onClick={() => create.open('board', secret)}>
        {secret ? 'New private board' : 'New board'}
      </button>
    ) : null;

  return (
    <>
      <ListSection id="public-boards" title="Public boards" action={newButton(false)}>
        {grid(publicBoards, 'Public boards', 'More public boards', 'No public boards...')}
      </ListSection>
      <ListSection id="private-boards" title="Private boards" action={newButton(true)}>
        {grid(privateBoards, 'Private boards', 'More private boards', 'No private boards...')}
      </ListSection>
      {create.element}
    </>
  );
}
