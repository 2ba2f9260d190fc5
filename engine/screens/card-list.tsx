/**
 * A list of cards, one per item a screen offers to act on (the store switcher's stores, an item list's offers): each
 * card is a list item labelled by its title (or, without one, its first line), with lines of text and one action.
 * The kinds decide what a card says and does; this file decides how every card looks, so they look the same.
 */
import type { ReactNode } from 'react';
import './card-list.css';

/** One line of a card: its text, and `status` (quiet) or `note` (a warning) for secondary lines. */
export interface CardLine {
  text: string;
  tone?: 'text' | 'status' | 'note';
}

export interface CardProps {
  /** A document-unique id, used to label the card and to describe its action. */
  id: string;
  /** The card's heading (level 2, under the screen's h1); optional. */
  title?: string;
  lines: CardLine[];
  /** The card's one action (a button or a link), given the id that labels the card for its aria-describedby. */
  action?: (labelId: string) => ReactNode;
}

/** A safe element id from any text (ids come from data). */
export function cardId(prefix: string, key: string | number): string {
  return `${prefix}-${key}`.replace(/[^\w-]/g, '-');
}

export function CardList({ children }: { children: ReactNode }) {
  return <ul className="cards">{children}</ul>;
}

export function Card({ id, title, lines, action }: CardProps) {
  const labelId = title ? id : `${id}-0`;
  return (
    <li className="card" aria-labelledby={labelId}>
      {title ? (
        <h2 className="card__title" id={id}>
          {title}
        </h2>
      ) : null}
      {lines.map((line, index) => (
        <p
          key={index}
          className={`card__line card__line--${line.tone ?? 'text'}`}
          id={!title && index === 0 ? labelId : undefined}
        >
          {line.text}
        </p>
      ))}
      {action ? action(labelId) : null}
    </li>
  );
}
