// 'Pin a shared picture', for a picture shared from the phone ('/pin-it/?temp=...'): POST /share/
// (src/http/share.rs) has already uploaded it as a temporary pin. It goes on with the pin adding
// flow at once: the clones dialog when the picture, or a near-duplicate, is already pinned (they
// come as ids; the dialog reads their words and thumbnails), else 'Create a pin', with the shared
// title, text and link as the pin's title, caption and source.

import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { TempPin } from '../../api/generated/graphql';
import { usePinFlow } from '../../components/pins/PinFlow';
import { t } from '../../i18n';

/** A pin of the picture, or of a near-duplicate, known by its id alone. */
const copyOf = (id: string) => ({ id, sha1: '', title: null, caption: '' });

export function SharedPicture({ temp }: { temp: string }) {
  const [params] = useSearchParams();
  const flow = usePinFlow();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pin: TempPin = {
      tempFileName: temp,
      tempFileUrl: `/media/tmp/${encodeURIComponent(temp)}`,
      originalName: params.get('name'),
      url: null,
      clones: params.getAll('clone').map(copyOf),
      nearDuplicates: params.getAll('near').map(copyOf),
    };
    flow.proceed(pin, null, { title: params.get('title'), caption: params.get('caption'), source: params.get('source') });
  }, [temp, params, flow]);

  return (
    <section className="page-heading scan__heading">
      <h1>{t('sharedPicture.title', 'Pin a shared picture')}</h1>
      <p>{params.get('title') ?? params.get('name') ?? t('sharedPicture.untitled', 'The shared picture')}</p>
      {flow.element}
    </section>
  );
}
