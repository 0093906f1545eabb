// A pin's rating (0 to 5) as stars: one accessible image, 'Rating: 3 out of 5', or for the owner
// five buttons (spec, section 4): clicking star n sets n, clicking the current star lowers it by
// one (1 clicked again gives 0).

import { t } from '../../i18n';
import './pins.css';

const STARS = [1, 2, 3, 4, 5] as const;

const starClass = (star: number, value: number) => (star <= value ? 'rating__star rating__star--on' : 'rating__star');

/** The rating a click on `star` asks for. */
function ratingAfterClick(value: number, star: number): number {
  return star === value ? star - 1 : star;
}

export function Rating({ value, onRate, disabled = false }: { value: number; onRate?: (rating: number) => void; disabled?: boolean }) {
  const label = t('rating.label', 'Rating: {value} out of 5', { value });
  if (!onRate) {
    return (
      <div className="rating" role="img" aria-label={label}>
        {STARS.map((star) => (
          <span key={star} className={starClass(star, value)} aria-hidden="true">
            ★
          </span>
        ))}
      </div>
    );
  }
  return (
    <div className="rating" role="group" aria-label={label}>
      {STARS.map((star) => (
        <button
          key={star}
          type="button"
          className={`rating__button ${starClass(star, value)}`}
          aria-label={t('rating.stars', '{count, plural, one {# star} other {# stars}}', { count: star })}
          aria-pressed={star <= value}
          disabled={disabled}
          onClick={() => onRate(ratingAfterClick(value, star))}
        >
          ★
        </button>
      ))}
    </div>
  );
}
