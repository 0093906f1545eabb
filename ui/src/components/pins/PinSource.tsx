// Where a pin's picture came from, below its caption (spec, section 2): its source link, if any,
// and the footer 'Found on {domain}' or 'Uploaded to Corkboard'.

import { t } from '../../i18n';
import { displayUrl, safeHref } from '../../lib/links';

export function PinSource({ pin }: { pin: { sourceFileUrl: string | null; sourceDomain: string | null } }) {
  const source = safeHref(pin.sourceFileUrl);
  return (
    <>
      {source ? (
        <p className="pin-page__source">
          <a href={source} target="_blank" rel="noopener noreferrer nofollow">
            {displayUrl(source)}
          </a>
        </p>
      ) : null}
      <footer className="pin-page__footer">
        {pin.sourceDomain
          ? t('pinSource.foundOn', 'Found on {domain}', { domain: pin.sourceDomain })
          : t('pinSource.uploaded', 'Uploaded to Corkboard')}
      </footer>
    </>
  );
}
