import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InlineMarkdown, Markdown } from './markdown';

describe('descriptions as CommonMark', () => {
  it('renders bold text, lists and code spans as elements', () => {
    const { container } = render(<Markdown text={'Ein **wichtiger** Hinweis:\n\n- `mp3` (Standard)\n- `wav`\n'} />);
    expect(container.querySelector('strong')).toHaveTextContent('wichtiger');
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['mp3 (Standard)', 'wav']);
    expect(container.querySelectorAll('code')).toHaveLength(2);
    expect(container).not.toHaveTextContent('**');
  });

  it('never turns HTML in a description into elements', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { container } = render(
      <Markdown text={'Vorher <script>alert(1)</script> nachher.\n\n<img src="x" onerror="alert(2)">\n\n<a href="https://x.example" onclick="alert(3)">Link</a>'} />,
    );
    expect(container.querySelector('script, img, [onerror], [onclick]')).toBeNull();
    // Shown as the text it is, so a reader sees what the server sent.
    expect(container).toHaveTextContent('<script>alert(1)</script>');
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('opens external links in a new tab without handing over the opener, and drops javascript: addresses', () => {
    render(<Markdown text={'Siehe [OpenAI](https://platform.openai.com/docs) und [hier](javascript:alert(1)) und [intern](/dashboard/api/settings).'} />);
    const external = screen.getByRole('link', { name: /OpenAI/ });
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAccessibleName('OpenAI (öffnet in einem neuen Tab)');
    expect(screen.getByText('hier').closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(screen.getByRole('link', { name: 'intern' })).not.toHaveAttribute('target');
  });

  it('keeps the page heading order: a heading in a description is a paragraph', () => {
    const { container } = render(<Markdown text={'# Titel\n\nText'} />);
    expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(screen.getByText('Titel').tagName).toBe('P');
  });

  it('inline: keeps code, drops links and blocks (inside a <summary>)', () => {
    const { container } = render(<InlineMarkdown text={'Liefert `audio_url`, siehe [Doku](https://x.example).\n\n- eins'} />);
    expect(container.querySelector('code')).toHaveTextContent('audio_url');
    expect(container.querySelector('a, p, ul, li')).toBeNull();
    expect(container).toHaveTextContent('Liefert audio_url, siehe Doku. eins');
  });
});
