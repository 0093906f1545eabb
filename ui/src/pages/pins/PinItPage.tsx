// 'Pin it from the web': '/pin-it/#{page}', where the browser button lands with the pictures it
// found on a page; '/pin-it/?url=&title=&text=', where a page shared from a phone lands and the
// server scans it for pictures; '/pin-it/?temp=', where a shared picture lands, already uploaded
// (SharedPicture). Pictures whose size the page did not know are measured here, and those under
// 200 x 200 px left out. Picking one downloads it (with the page as Referer) and goes on with
// 'Create a pin', the page's title as the title, the selected text as the caption and the page as
// the source. A visitor signs in first and comes back here (the pictures are kept for the tab).

import { useEffect, useId, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessages } from '../../api/errors';
import { useMe } from '../../api/me';
import { useMutation } from '../../api/mutation';
import { downloadPinFile, useScan } from '../../api/pins';
import { ErrorList } from '../../components/Form';
import { usePinFlow } from '../../components/pins/PinFlow';
import { MIN_PICTURE_SIDE, type FoundPicture, type PagePictures } from '../../lib/bookmarklet';
import { t, tx } from '../../i18n';
import { safeHref } from '../../lib/links';
import { BROWSER_BUTTON_PATH, PIN_IT_PATH, loginPath } from '../../lib/paths';
import { takePagePictures } from '../../lib/pinIt';
import { SharedPicture } from './SharedPicture';
import './ScanPage.css';

/** The page's heading. */
const pageHeading = () => t('pinItPage.title', 'Pin it from the web');

export function PinItPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shared = params.get('url');
  const [page] = useState(() => (location.search ? null : takePagePictures(location.hash)));
  const { me, isLoading } = useMe();

  // The pictures are kept for the tab: the address loses its long fragment.
  useEffect(() => {
    if (location.hash) void navigate(PIN_IT_PATH, { replace: true });
  }, [location.hash, navigate]);

  if (isLoading) {
    return (
      <p className="scan__status" aria-busy="true">
        {t('pinItPage.loading', 'Loading...')}
      </p>
    );
  }
  if (!me) return <Navigate to={loginPath(shared ? location.pathname + location.search : PIN_IT_PATH)} replace />;
  const temp = params.get('temp');
  if (temp) return <SharedPicture temp={temp} />;
  if (shared) return <ScannedPage key={shared} url={shared} title={params.get('title') ?? ''} text={params.get('text') ?? ''} />;
  if (!page) {
    return (
      <section className="page-heading scan__heading">
        <h1>{pageHeading()}</h1>
        <p>
          {tx('pinItPage.nothing', 'Nothing to pin yet: click the <link>browser button</link> on a page with pictures.', {
            link: (chunks) => <a href={BROWSER_BUTTON_PATH}>{chunks}</a>,
          })}
        </p>
      </section>
    );
  }
  return <PinIt page={page} />;
}

/** A page shared by its address: the server scans it, then the same screen shows its pictures. */
function ScannedPage({ url, title, text }: { url: string; title: string; text: string }) {
  const { results, error, isLoading } = useScan(url);
  if (isLoading) {
    return (
      <p className="scan__status" aria-busy="true">
        {t('pinItPage.scanning', 'Scanning "{url}" for images...', { url })}
      </p>
    );
  }
  if (!results) {
    return (
      <section className="page-heading scan__heading">
        <h1>{pageHeading()}</h1>
        <ErrorList errors={error ? errorMessages(error) : [t('pinItPage.scanFailed', 'This page could not be scanned.')]} />
      </section>
    );
  }
  const pictures = results.map((result) => ({ src: result.src, alt: result.alt || result.title || undefined }));
  return <PinIt page={{ url, title, text, pictures }} />;
}

/** What is known of a picture's size: from the page, measured here, or not yet. */
type Measure = { width: number; height: number } | 'pending' | 'failed';

function PinIt({ page }: { page: PagePictures }) {
  const flow = usePinFlow();
  const download = useMutation(downloadPinFile);
  const [measures, setMeasures] = useState<Record<string, Measure>>(() =>
    Object.fromEntries(
      page.pictures.map((picture) => [picture.src, picture.width && picture.height ? { width: picture.width, height: picture.height } : 'pending']),
    ),
  );
  const measure = (src: string, result: Measure) => setMeasures((current) => ({ ...current, [src]: result }));
  const bigEnough = (m: Measure | undefined) =>
    typeof m === 'object' && m.width >= MIN_PICTURE_SIDE && m.height >= MIN_PICTURE_SIDE;
  const shown = page.pictures.filter((picture) => bigEnough(measures[picture.src]));
  const measuring = page.pictures.some((picture) => measures[picture.src] === 'pending');
  const href = safeHref(page.url);

  const pick = async (picture: FoundPicture) => {
    const temp = await download.run(picture.src, page.url);
    if (temp) flow.proceed(temp, null, { title: page.title, caption: page.text, source: page.url });
  };

  return (
    <section className="scan" aria-labelledby="pin-it-title">
      <div className="page-heading scan__heading">
        <h1 id="pin-it-title">{pageHeading()}</h1>
        {page.title ? <p>{page.title}</p> : null}
        {href ? (
          <a className="scan__address" href={href} target="_blank" rel="noopener noreferrer">
            {page.url}
          </a>
        ) : null}
      </div>
      <p className="scan__count" aria-busy={measuring}>
        {t('pinItPage.found', '{count, plural, other {# image(s)}} found{measuring, select, yes {, measuring the others...} other {}}', {
          count: shown.length,
          measuring: measuring ? 'yes' : 'no',
        })}
      </p>
      {download.pending ? (
        <p className="scan__status" role="status">
          {t('pinItPage.downloading', 'Downloading the image...')}
        </p>
      ) : null}
      <ErrorList errors={download.errors} />
      <ul className="scan__grid" aria-label={t('pinItPage.images', 'Images found')}>
        {page.pictures.map((picture) => (
          <PictureTile
            key={picture.src}
            picture={picture}
            measure={measures[picture.src]}
            hidden={!bigEnough(measures[picture.src])}
            disabled={download.pending}
            onMeasured={(result) => measure(picture.src, result)}
            onPick={() => void pick(picture)}
          />
        ))}
      </ul>
      {flow.element}
    </section>
  );
}

interface PictureTileProps {
  picture: FoundPicture;
  measure: Measure | undefined;
  /** Measured too small, failed, or not measured yet: loaded, but not shown. */
  hidden: boolean;
  disabled: boolean;
  onMeasured: (measure: Measure) => void;
  onPick: () => void;
}

/** One picture: a button named after its alt text or file name, with its pixel size. */
function PictureTile({ picture, measure, hidden, disabled, onMeasured, onPick }: PictureTileProps) {
  const sizeId = useId();
  const size = typeof measure === 'object' ? `${measure.width} × ${measure.height}` : '…';
  return (
    <li className="scan__item" hidden={hidden}>
      <button
        type="button"
        className="scan__tile"
        aria-label={picture.alt || fileName(picture.src)}
        aria-describedby={sizeId}
        disabled={disabled}
        onClick={onPick}
      >
        <img
          className="scan__image"
          src={picture.src}
          alt=""
          referrerPolicy="no-referrer"
          onLoad={(event) => {
            if (measure === 'pending') {
              onMeasured({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight });
            }
          }}
          onError={() => {
            if (measure === 'pending') onMeasured('failed');
          }}
        />
        <span id={sizeId} className="scan__size">
          {size}
        </span>
      </button>
    </li>
  );
}

/** The last segment of a picture's address, for its name when it has no alt text. */
function fileName(src: string): string {
  try {
    const segments = new URL(src).pathname.split('/').filter(Boolean);
    return decodeURIComponent(segments[segments.length - 1] ?? src);
  } catch {
    return src;
  }
}
