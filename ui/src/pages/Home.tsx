// '/': the 'Last pins' list with its total count, 50 pins a page, newest first.

import { countLabel } from '../api/boards';
import { useLastPins } from '../api/pinLists';
import { PinList } from '../components/pins/PinList';
import { HOME_PATH } from '../lib/paths';

export function Home() {
  const list = useLastPins();
  return (
    <section aria-labelledby="home-title">
      <div className="page-heading">
        <h1 id="home-title">Last pins</h1>
        {list.totalCount !== null ? <p className="page-heading__count">{countLabel(list.totalCount, 'pin')}</p> : null}
      </div>
      <PinList list={list} base={HOME_PATH} />
    </section>
  );
}
