// '/{username}/boards/': the public boards, plus a 'Private boards' section for the owner (and
// for a viewer some private boards are shared with).

import { useUserBoards } from '../../api/boards';
import type { BoardSummary } from '../../api/generated/graphql';
import { useCreateDialogs } from '../../components/boards/CreateDialogs';
import { BoardTile, TileGrid } from '../../components/boards/Tiles';
import { EmptyState } from '../../components/EmptyState';
import { boardPath } from '../../lib/paths';
import { QueryError } from '../QueryError';
import { ListSection, UserSection } from './UserSection';

export function UserBoards() {
  return <UserSection>{(user, isOwner) => <BoardsList username={user.username} isOwner={isOwner} />}</UserSection>;
}

function BoardsList({ username, isOwner }: { username: string; isOwner: boolean }) {
  const { boards, error, isLoading } = useUserBoards(username);
  const create = useCreateDialogs();

  if (error) return <QueryError error={error} />;
  if (isLoading || !boards) return <p className="user-page__loading" aria-busy="true">Loading...</p>;

  const publicBoards = boards.filter((board) => !board.secret);
  const privateBoards = boards.filter((board) => board.secret);
  const grid = (list: BoardSummary[], label: string) => (
    <TileGrid label={label}>
      {list.map((board) => (
        // Boards link under the user's boards; their folder, if any, shows on the board page.
        <BoardTile key={board.id} board={board} href={boardPath(username, board.slug)} />
      ))}
    </TileGrid>
  );

  if (!isOwner && privateBoards.length === 0) {
    return publicBoards.length > 0 ? grid(publicBoards, 'Boards') : <EmptyState>No boards...</EmptyState>;
  }

  const newButton = (secret: boolean) =>
    isOwner ? (
      <button type="button" className="button button--ghost" onClick={() => create.open('board', secret)}>
        {secret ? 'New private board' : 'New board'}
      </button>
    ) : null;

  return (
    <>
      <ListSection id="public-boards" title="Public boards" action={newButton(false)}>
        {publicBoards.length > 0 ? grid(publicBoards, 'Public boards') : <EmptyState>No public boards...</EmptyState>}
      </ListSection>
      <ListSection id="private-boards" title="Private boards" action={newButton(true)}>
        {privateBoards.length > 0 ? grid(privateBoards, 'Private boards') : <EmptyState>No private boards...</EmptyState>}
      </ListSection>
      {create.element}
    </>
  );
}
