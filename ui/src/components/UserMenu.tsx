// The signed-in user's header menu (spec, section 2): a 'Menu' button showing the avatar, and a
// menu with the user's lists, the 'New ...' actions, the NSFW switch, Profile, Admin (for
// admins) and Sign out.
// Keyboard handling comes from useMenu.

import { useState } from 'react';
import { Link } from 'react-router';
import type { Me } from '../api/generated/graphql';
import { t } from '../i18n';
import { useShowNsfw } from '../lib/nsfw';
import { ADMIN_PATH, BROWSER_BUTTON_PATH, PROFILE_PATH, boardsPath, foldersPath, userPinsPath } from '../lib/paths';
import { useMenu } from '../lib/useMenu';
import { Avatar } from './Avatar';
import { useCreateDialogs } from './boards/CreateDialogs';
import { usePinFlow } from './pins/PinFlow';
import { SignOutModal } from './SignOutModal';
import './UserMenu.css';

export function UserMenu({ me }: { me: Me }) {
  const { open, close, rootRef, buttonProps, menuProps } = useMenu();
  const [signingOut, setSigningOut] = useState(false);
  const [showNsfw, setShowNsfw] = useShowNsfw();

  // 'New pin': the pin adding flow, no board preselected.
  const pinFlow = usePinFlow();
  const newPin = () => {
    close(false);
    pinFlow.start(null);
  };
  // 'New board', 'New private board', 'New folder', 'New private folder': the create dialogs.
  const create = useCreateDialogs();
  const createNew = (kind: 'board' | 'folder', secret: boolean) => () => {
    close(false);
    create.open(kind, secret);
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button type="button" className="header__menu-button" aria-label={t('userMenu.menu', 'Menu')} title={me.username} {...buttonProps}>
        <Avatar
          username={me.username}
          firstName={me.firstName}
          lastName={me.lastName}
          src1x={me.avatar1x}
          src2x={me.avatar2x}
          size={32}
          className="header__avatar"
        />
        <span className="header__username">{me.username}</span>
      </button>

      {open ? (
        <div className="menu-list user-menu__list" {...menuProps}>
          <MenuLink to={userPinsPath(me.username)} onSelect={() => close(false)}>
            {t('userMenu.myPins', 'My pins')}
          </MenuLink>
          <MenuLink to={boardsPath(me.username)} onSelect={() => close(false)}>
            {t('userMenu.myBoards', 'My boards')}
          </MenuLink>
          <MenuLink to={foldersPath(me.username)} onSelect={() => close(false)}>
            {t('userMenu.myFolders', 'My folders')}
          </MenuLink>
          <div className="user-menu__separator" role="separator" />
          <MenuButton onSelect={newPin}>{t('userMenu.newPin', 'New pin')}</MenuButton>
          <MenuButton onSelect={createNew('board', false)}>{t('userMenu.newBoard', 'New board')}</MenuButton>
          <MenuButton onSelect={createNew('board', true)}>{t('userMenu.newPrivateBoard', 'New private board')}</MenuButton>
          <MenuButton onSelect={createNew('folder', false)}>{t('userMenu.newFolder', 'New folder')}</MenuButton>
          <MenuButton onSelect={createNew('folder', true)}>{t('userMenu.newPrivateFolder', 'New private folder')}</MenuButton>
          <div className="user-menu__separator" role="separator" />
          <MenuButton
            onSelect={() => {
              setShowNsfw(!showNsfw);
              close(true);
            }}
          >
            {showNsfw ? t('userMenu.hideNsfw', 'Hide NSFW') : t('userMenu.showNsfw', 'Show NSFW')}
          </MenuButton>
          <MenuLink to={PROFILE_PATH} onSelect={() => close(false)}>
            {t('userMenu.profile', 'Profile')}
          </MenuLink>
          <MenuLink to={BROWSER_BUTTON_PATH} onSelect={() => close(false)}>
            {t('userMenu.browserButton', 'Browser button')}
          </MenuLink>
          {me.isAdmin ? (
            <MenuLink to={ADMIN_PATH} onSelect={() => close(false)}>
              {t('userMenu.admin', 'Admin')}
            </MenuLink>
          ) : null}
          <MenuButton
            onSelect={() => {
              close(true);
              setSigningOut(true);
            }}
          >
            {t('userMenu.signOut', 'Sign out')}
          </MenuButton>
        </div>
      ) : null}

      {signingOut ? <SignOutModal onClose={() => setSigningOut(false)} /> : null}
      {create.element}
      {pinFlow.element}
    </div>
  );
}

function MenuLink({ to, onSelect, children }: { to: string; onSelect: () => void; children: string }) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className="menu-item user-menu__item" onClick={onSelect}>
      {children}
    </Link>
  );
}

function MenuButton({ onSelect, children }: { onSelect: () => void; children: string }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className="menu-item user-menu__item" onClick={onSelect}>
      {children}
    </button>
  );
}
