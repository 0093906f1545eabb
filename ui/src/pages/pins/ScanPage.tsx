// '/scan/?url={base64 url}&targetBoardID=...': the pictures found on a web page (spec, section 2),
// the fallback when a web download fails. Picking one downloads it and goes on with the pin
// adding flow, the target board preselected.

import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isGraphQLError } from '../../api/client';
import { errorMessages } from '../../api/errors';
import { useMutation } from '../../api/mutation';
import type { ScanResult } from '../../api/generated/graphql';
import { downloadPinFile, useScan } from '../../api/pins';
import { ErrorList } from '../../components/Form';
import { usePinFlow } from '../../components/pins/PinFlow';
import { decodeBase64 } from '../../lib/base64';
import { t } from '../../i18n';
import { safeHref } from '../../lib/links';
import { NotFound } from '../NotFound';
import { PermissionDenied } from '../QueryError';
import './ScanPage.css';

export function ScanPage() {
  const [params] = useSearchParams();
  const url = decodeBase64(params.get('url') ?? '');
  if (!url) return <NotFound />;
  return <Scan key={url} url={url} targetBoardID={params.get('targetBoardID') || null} />;
}

function Scan({ url, targetBoardID }: { url: string; targetBoardID: string | null }) {
  const { results, error, isLoading } = useScan(url);
  const flow = usePinFlow();
  const download = useMutation(downloadPinFile);

  if (error && isGraphQLError(error) && error.code === 'PERMISSION_DENIED_ERROR') return <PermissionDenied />;
  if (isLoading) {
    return (
      <p className="scan__status" aria-busy="true">
        {t('scanPage.scanning', 'Scanning "{url}" for images...', { url })}
      </p>
    );
  }

  const href = safeHref(url);
  const pick = async (src: string) => {
    const temp = await download.run(src, url);
    if (temp) flow.proceed(temp, targetBoardID);
  };

  return (
    <section className="scan" aria-labelledby="scan-title">
      <div className="page-heading scan__heading">
        <h1 id="scan-title">{t('scanPage.title', 'Pick an image from:')}</h1>
        {href ? (
          <a className="scan__address" href={href} target="_blank" rel="noopener noreferrer">
            {url}
          </a>
        ) : (
          <span className="scan__address">{url}</span>
        )}
      </div>
      {error ? <ErrorList errors={errorMessages(error)} /> : null}
      {results ? (
        <>
          <p className="scan__count">{t('scanPage.found', '{count, plural, other {# image(s)}} found', { count: results.length })}</p>
          {download.pending ? (
            <p className="scan__status" role="status">
              {t('scanPage.downloading', 'Downloading the image...')}
            </p>
          ) : null}
          <ErrorList errors={download.errors} />
          <ul className="scan__grid" aria-label={t('scanPage.images', 'Images found')}>
            {results.map((result) => (
              <ScanTile key={result.src} result={result} disabled={download.pending} onPick={() => void pick(result.src)} />
            ))}
          </ul>
        </>
      ) : null}
      {flow.element}
    </section>
  );
}

/** One found picture: a button named after its alt text, title or address, with its pixel size once loaded. */
function ScanTile({ result, disabled, onPick }: { result: ScanResult; disabled: boolean; onPick: () => void }) {
  const [size, setSize] = useState<string | null>(null);
  const sizeId = useId();
  return (
    <li className="scan__item">
      <button
        type="button"
        className="scan__tile"
        aria-label={result.alt || result.title || result.src}
        aria-describedby={sizeId}
        disabled={disabled}
        onClick={onPick}
      >
        <img
          className="scan__image"
          src={result.src}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onLoad={(event) => setSize(`${event.currentTarget.naturalWidth} × ${event.currentTarget.naturalHeight}`)}
          onError={() => setSize(t('scanPage.sizeUnknown', 'Size unknown'))}
        />
        <span id={sizeId} className="scan__size">
          {size ?? '…'}
        </span>
      </button>
    </li>
  );
}
