// '/{username}/folders/': the public folders, plus a 'Private folders' section shown to the
// owner, or when private folders are visible; each 50 a page, with a button for more.

import { useUserFolders } from '../../api/boards';
import { useCreateDialogs } from '../../components/boards/CreateDialogs';
import { FolderTile, PagedTileGrid } from '../../components/boards/Tiles';
import { folderPath } from '../../lib/paths';
import { QueryError } from '../QueryError';
import { ListSection, UserSection } from './UserSection';

export function UserFolders() {
  return <UserSection>{(user, isOwner) => <FoldersList username={user.username} isOwner={isOwner} />}</UserSection>;
}

function FoldersList({ username, isOwner }: { username: string; isOwner: boolean }) {
  const publicFolders = useUserFolders(username, false);
  const privateFolders = useUserFolders(username, true);
  const create = useCreateDialogs();

  const failed = [publicFolders, privateFolders].find((list) => list.error && list.nodes.length === 0)?.error;
  if (failed) return <QueryError error={failed} />;
  if (publicFolders.isLoading || privateFolders.isLoading) return <p className="user-page__loading" aria-busy="true">Loading...</p>;

  const grid = (list: typeof publicFolders, label: string, more: string, empty: string) => (
    <PagedTileGrid
      list={list}
      label={label}
      more={more}
      empty={empty}
      tile={(folder) => <FolderTile key={folder.id} folder={folder} href={folderPath(username, folder.slug)} />}
    />
  );

  if (!isOwner && privateFolders.nodes.length === 0) return grid(publicFolders, 'Folders', 'More folders', 'No folders...');

  const newButton = (secret: boolean) =>
    isOwner ? (
      <button type="button" className="button button--ghost" onClick={() => create.open('folder', secret)}>
        {secret ? 'New private folder' : 'New folder'}
      </button>
    ) : null;

  return (
    <>
      <ListSection id="public-folders" title="Public folders" action={newButton(false)}>
        {grid(publicFolders, 'Public folders', 'More public folders', 'No public folders...')}
      </ListSection>
      <ListSection id="private-folders" title="Private folders" action={newButton(true)}>
        {grid(privateFolders, 'Private folders', 'More private folders', 'No private folders...')}
      </ListSection>
      {create.element}
    </>
  );
}
