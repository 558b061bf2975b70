import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

const sizes = { xs: '/a/xs', sm: '/a/sm', md: '/a/md' };

describe('Avatar (spec §3)', () => {
  it('chooses the image by pixel size: md at 52 or more, sm above 32, else xs', () => {
    const srcAt = (size: number) =>
      render(<Avatar name="Ann" color="#123456" avatar={sizes} size={size} />)
        .container.querySelector('img')
        ?.getAttribute('src');
    expect(srcAt(24)).toBe('/a/xs');
    expect(srcAt(32)).toBe('/a/xs');
    expect(srcAt(33)).toBe('/a/sm');
    expect(srcAt(51)).toBe('/a/sm');
    expect(srcAt(52)).toBe('/a/md');
    expect(srcAt(96)).toBe('/a/md');
  });

  it('shows the first letter of the name, else of the email, on the user colour without an avatar', () => {
    const named = render(<Avatar name="  bea" color="#ff0000" avatar={null} size={40} />).container;
    expect(named.textContent).toBe('B');
    expect((named.firstChild as HTMLElement).style.backgroundColor).toBe('rgb(255, 0, 0)');
    expect(render(<Avatar name="" email="zed@example.com" color="#000" avatar={null} />).container.textContent).toBe(
      'Z',
    );
  });

  it('falls back to the letter when the image does not load', () => {
    const { container } = render(<Avatar name="Cy" color="#000000" avatar={sizes} size={44} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('C');
  });
});
