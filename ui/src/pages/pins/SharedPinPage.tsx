// '/share/pin/?temp=...': where a picture shared from the phone lands (POST /share/, see
// src/http/share.rs, has already uploaded it as a temporary pin). It goes on with the pin adding
// flow at once: the clones dialog when the picture is already pinned, else 'Create a pin', with
// the shared title, text and link as the pin's title, caption and source.

import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { TempPin } from '../../api/generated/graphql';
import { usePinFlow } from '../../components/pins/PinFlow';
import { NotFound } from '../NotFound';

export function SharedPinPage() {
  const [params] = useSearchParams();
  const flow = usePinFlow();
  const started = useRef(false);
  const temp = params.get('temp');

  useEffect(() => {
    if (!temp || started.current) return;
    started.current = true;
    const pin: TempPin = {
      tempFileName: temp,
      tempFileUrl: `/media/tmp/${encodeURIComponent(temp)}`,
      originalName: params.get('name'),
      url: null,
      clones: params.getAll('clone').map((id) => ({ id, sha1: '', title: null, caption: 'An existing pin' })),
    };
    flow.proceed(pin, null, { title: params.get('title'), caption: params.get('caption'), source: params.get('source') });
  }, [temp, params, flow]);

  if (!temp) return <NotFound />;
  return (
    <section className="page-heading">
      <h1>Pin it</h1>
      <p>{params.get('title') ?? params.get('name') ?? 'The shared picture'}</p>
      {flow.element}
    </section>
  );
}
