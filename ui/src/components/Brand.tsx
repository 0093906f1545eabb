// The app's mark, as the header shows it: the pin icon and the name. Also drawn, before the app
// has run, by the page shell that build.mjs puts in index.html (src/shell.tsx).

/** The pin icon and the app's name (the name hidden on narrow screens, Header.css). */
export function BrandMark() {
  return (
    <>
      <svg className="header__logo" viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
        <circle cx="12" cy="9" r="6.5" fill="currentColor" />
        <circle cx="10" cy="7" r="2" fill="#fff" opacity=".45" />
        <path d="M12 15.5v6.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="header__name">Corkboard</span>
    </>
  );
}
