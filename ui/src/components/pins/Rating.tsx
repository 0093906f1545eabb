// A pin's rating (0 to 5) as stars, read-only for now: one accessible image, 'Rating: 3 out of 5'.

import './pins.css';

export function Rating({ value }: { value: number }) {
  return (
    <div className="rating" role="img" aria-label={`Rating: ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} className={star <= value ? 'rating__star rating__star--on' : 'rating__star'} aria-hidden="true">
          ★
        </span>
      ))}
    </div>
  );
}
