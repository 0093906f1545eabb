// The header's 'Create' button, on every screen of a signed-in user: a menu of 'New pin',
// 'New board' and 'New folder', opening the same dialogs as the user menu's items.

import { OwnerMenu } from './boards/OwnerMenu';
import { useCreateDialogs } from './boards/CreateDialogs';
import { usePinFlow } from './pins/PinFlow';

export function CreateMenu() {
  const pinFlow = usePinFlow();
  const create = useCreateDialogs();
  return (
    <>
      <OwnerMenu
        label="Create"
        primary
        actions={[
          { label: 'New pin', onSelect: () => pinFlow.start(null) },
          { label: 'New board', onSelect: () => create.open('board', false) },
          { label: 'New folder', onSelect: () => create.open('folder', false) },
        ]}
      />
      {pinFlow.element}
      {create.element}
    </>
  );
}
