import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingSkeleton, Skeleton } from './skeleton';

describe('LoadingSkeleton', () => {
  it('is a busy region that tells screen readers what loads, its blocks hidden from them', () => {
    render(<LoadingSkeleton label="Buchungen werden geladen…" rows={4} />);
    const region = screen.getByTestId('loading-skeleton');
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Buchungen werden geladen…');
    const blocks = region.querySelectorAll('[data-skeleton]');
    expect(blocks).toHaveLength(12);
    for (const block of blocks) expect(block).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws a single block without any text', () => {
    const { container } = render(<Skeleton className="h-4 w-20" />);
    expect(container.textContent).toBe('');
    expect(container.firstElementChild).toHaveClass('animate-pulse', 'h-4', 'w-20');
  });
});
