// The signed-in user's header menu (spec, section 2): a 'Menu' button showing the avatar, and a
// menu with the user's lists, the 'New ...' actions, the NSFW switch, Profile and Sign out.
// Keyboard: arrows, Home and End move, Escape closes and returns to the button, Tab leaves.

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Me } from '../api/me';
import { useShowNsfw } from '../lib/nsfw';
import { Avatar } from './Avatar';
import { useCreateDialogs } from './boards/CreateDialogs';
import { SignOutModal } from './SignOutModal';
import './UserMenu.css';

export function UserMenu({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [showNsfw, setShowNsfw] = useShowNsfw();
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const base = `/${encodeURIComponent(me.username)}/`;

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  // Opening moves focus to the first item; a click anywhere else closes.
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(at + 1);
        break;
      case 'ArrowUp':
        focusAt(at - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(all.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  /** A 'New ...' action: wired to its dialog by a later issue; for now it opens the boards list. */
  const soon = () => {
    close(false);
    void navigate(`${base}boards/`);
  };
  // 'New board', 'New private board', 'New folder', 'New private folder': the create dialogs.
  const create = useCreateDialogs();
  const createNew = (kind: 'board' | 'folder', secret: boolean) => () => {
    close(false);
    create.open(kind, secret);
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="header__menu-button"
        aria-label="Menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={me.username}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
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
        <div ref={menuRef} id={menuId} className="user-menu__list" role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown}>
          <MenuLink to={`${base}pins/`} onSelect={() => close(false)}>
            My pins
          </MenuLink>
          <MenuLink to={`${base}boards/`} onSelect={() => close(false)}>
            My boards
          </MenuLink>
          <MenuLink to={`${base}folders/`} onSelect={() => close(false)}>
            My folders
          </MenuLink>
          <div className="user-menu__separator" role="separator" />
          <MenuButton onSelect={soon}>New pin</MenuButton>
          <MenuButton onSelect={createNew('board', false)}>New board</MenuButton>
          <MenuButton onSelect={createNew('board', true)}>New private board</MenuButton>
          <MenuButton onSelect={createNew('folder', false)}>New folder</MenuButton>
          <MenuButton onSelect={createNew('folder', true)}>New private folder</MenuButton>
          <div className="user-menu__separator" role="separator" />
          <MenuButton
            onSelect={() => {
              setShowNsfw(!showNsfw);
              close(true);
            }}
          >
            {showNsfw ? 'Hide NSFW' : 'Show NSFW'}
          </MenuButton>
          <MenuLink to="/profile/" onSelect={() => close(false)}>
            Profile
          </MenuLink>
          <MenuButton
            onSelect={() => {
              close(true);
              setSigningOut(true);
            }}
          >
            Sign out
          </MenuButton>
        </div>
      ) : null}

      {signingOut ? <SignOutModal onClose={() => setSigningOut(false)} /> : null}
      {create.element}
    </div>
  );
}

function MenuLink({ to, onSelect, children }: { to: string; onSelect: () => void; children: string }) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className="user-menu__item" onClick={onSelect}>
      {children}
    </Link>
  );
}

function MenuButton({ onSelect, children }: { onSelect: () => void; children: string }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className="user-menu__item" onClick={onSelect}>
      {children}
    </button>
  );
}
