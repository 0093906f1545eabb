// A user's avatar: the uploaded picture (with its 2x version for high-density screens), or a
// generated default showing the initials on a colour derived from the username.

import './Avatar.css';

export interface AvatarProps {
  username: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  /** The avatar URL at `size` px, and at twice that; null when the user has none. */
  src1x: string | null | undefined;
  src2x?: string | null | undefined;
  size: number;
  /** Text alternative; empty (the default) when the name is shown next to it. */
  alt?: string;
  className?: string;
}

export function Avatar({ username, firstName, lastName, src1x, src2x, size, alt = '', className }: AvatarProps) {
  const classes = ['avatar', className].filter(Boolean).join(' ');
  if (src1x) {
    return (
      <img
        className={classes}
        src={src1x}
        srcSet={src2x ? `${src1x} 1x, ${src2x} 2x` : undefined}
        width={size}
        height={size}
        alt={alt}
        decoding="async"
      />
    );
  }
  return (
    <span
      className={`${classes} avatar--default`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4), background: avatarColor(username) }}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    >
      {initials(username, firstName, lastName)}
    </span>
  );
}

/** Up to two letters: from the first and last names, else from the username's parts. */
export function initials(username: string, firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim().charAt(0) ?? '';
  const last = lastName?.trim().charAt(0) ?? '';
  if (first || last) return (first + last).toUpperCase();
  const parts = username.split(/[-_.\s]+/).filter(Boolean);
  if (parts.length >= 2) return ((parts[0]?.charAt(0) ?? '') + (parts[1]?.charAt(0) ?? '')).toUpperCase();
  return username.slice(0, 2).toUpperCase() || '?';
}

/** A stable, readable background colour for a username (white text stays legible on it). */
export function avatarColor(username: string): string {
  let hash = 0;
  for (const char of username.toLowerCase()) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  const hue = Math.abs(hash) % 360;
  return `hsl(${hue} 45% 42%)`;
}
