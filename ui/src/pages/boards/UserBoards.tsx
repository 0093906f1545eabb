// '/{username}/boards/': the public boards, plus a 'Private boards' section for the owner (and
// for a viewer some private boards are shared with); each 50 a page, with a button for more.

import { useUserBoards } from '../../api/boards';
import { BoardTile } from '../../components/boards/Tiles';
import { boardPath } from '../../lib/paths';
import { PublicAndPrivate, UserSection } from './UserSection';

export function UserBoards() {
  return <UserSection>{(user, isOwner) => <BoardsList username={user.username} isOwner={isOwner} />}</UserSection>;
}

function BoardsList({ username, isOwner }: { username: string; isOwner: boolean }) {
  const publicList = useUserBoards(username, false);
  const privateList = useUserBoards(username, true);
  return (
    <PublicAndPrivate
      kind="board"
      publicList={publicList}
      privateList={privateList}
      isOwner={isOwner}
      // Boards link under the user's boards; their folder, if any, shows on the board page.
      tile={(board) => <BoardTile key={board.id} board={board} href={boardPath(username, board.slug)} />}
    />
  );
}
