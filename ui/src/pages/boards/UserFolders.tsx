// '/{username}/folders/': the public folders, plus a 'Private folders' section shown to the
// owner, or when private folders are visible.

import { useUserFolders } from '../../api/boards';
import type { FolderSummary } from '../../api/generated/graphql';
import { useCreateDialogs } from '../../components/boards/CreateDialogs';
import { FolderTile, TileGrid } from '../../components/boards/Tiles';
import { EmptyState } from '../../components/EmptyState';
import { folderPath } from '../../lib/paths';
import { QueryError } from '../QueryError';
import { ListSection, UserSection } from './UserSection';

export function UserFolders() {
  return <UserSection>{(user, isOwner) => <FoldersList username={user.username} isOwner={isOwner} />}</UserSection>;
}

function FoldersList({ username, isOwner }: { username: string; isOwner: boolean }) {
  const { folders, error, isLoading } = useUserFolders(username);
  const create = useCreateDialogs();

  if (error) return <QueryError error={error} />;
  if (isLoading || !folders) return <p className="user-page__loading" aria-busy="true">Loading...</p>;

  const publicFolders = folders.filter((folder) => !folder.secret);
  const privateFolders = folders.filter((folder) => folder.secret);
  const grid = (list: FolderSummary[], label: string) => (
    <TileGrid label={label}>
      {list.map((folder) => (
        <FolderTile key={folder.id} folder={folder} href={folderPath(username, folder.slug)} />
      ))}
    </TileGrid>
  );

  if (!isOwner && privateFolders.length === 0) {
    return publicFolders.length > 0 ? grid(publicFolders, 'Folders') : <EmptyState>No folders...</EmptyState>;
  }

  const newButton = (secret: boolean) =>
    isOwner ? (
      <button type="button" className="button button--ghost" onClick={() => create.open('folder', secret)}>
        {secret ? 'New private folder' : 'New folder'}
      </button>
    ) : null;

  return (
    <>
      <ListSection id="public-folders" title="Public folders" action={newButton(false)}>
        {publicFolders.length > 0 ? grid(publicFolders, 'Public folders') : <EmptyState>No public folders...</EmptyState>}
      </ListSection>
      <ListSection id="private-folders" title="Private folders" action={newButton(true)}>
        {privateFolders.length > 0 ? grid(privateFolders, 'Private folders') : <EmptyState>No private folders...</EmptyState>}
      </ListSection>
      {create.element}
    </>
  );
}
