// '/{username}/folders/': the public folders, plus a 'Private folders' section shown to the
// owner, or when private folders are visible; each 50 a page, with a button for more.

import { useUserFolders } from '../../api/boards';
import { FolderTile } from '../../components/boards/Tiles';
import { folderPath } from '../../lib/paths';
import { PublicAndPrivate, UserSection } from './UserSection';

export function UserFolders() {
  return <UserSection>{(user, isOwner) => <FoldersList username={user.username} isOwner={isOwner} />}</UserSection>;
}

function FoldersList({ username, isOwner }: { username: string; isOwner: boolean }) {
  const publicList = useUserFolders(username, false);
  const privateList = useUserFolders(username, true);
  return (
    <PublicAndPrivate
      kind="folder"
      publicList={publicList}
      privateList={privateList}
      isOwner={isOwner}
      tile={(folder) => <FolderTile key={folder.id} folder={folder} href={folderPath(username, folder.slug)} />}
    />
  );
}
