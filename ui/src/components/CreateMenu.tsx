// The header's 'Create' button, on every screen of a signed-in user: a menu of 'New pin',
// 'New board' and 'New folder', opening the same dialogs as the user menu's items.

import { t } from '../i18n';
import { OwnerMenu } from './boards/OwnerMenu';
import { useCreateDialogs } from './boards/CreateDialogs';
import { usePinFlow } from './pins/PinFlow';

export function CreateMenu() {
  const pinFlow = usePinFlow();
  const create = useCreateDialogs();
  return (
    <>
      <OwnerMenu
        label={t('createMenu.create', 'Create')}
        primary
        actions={[
          { label: t('createMenu.newPin', 'New pin'), onSelect: () => pinFlow.start(null) },
          { label: t('createMenu.newBoard', 'New board'), onSelect: () => create.open('board', false) },
          { label: t('createMenu.newFolder', 'New folder'), onSelect: () => create.open('folder', false) },
        ]}
      />
      {pinFlow.element}
      {create.element}
    </>
  );
}
