import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AttachmentLinks } from './attachment-links';

describe('AttachmentLinks', () => {
  it('shows the type found in the bytes beside the name the sender chose', () => {
    render(
      <AttachmentLinks
        files={[
          { id: 7, fileName: 'invoice.pdf.exe', contentType: 'text/plain', sizeBytes: 2048 },
          { id: 8, fileName: 'screenshot.png', contentType: 'application/pdf', sizeBytes: 10 },
        ]}
        href={(id) => `/files/${id}`}
      />,
    );
    const [log, pdf] = screen.getAllByRole('link');
    expect(log).toHaveTextContent('invoice.pdf.exe');
    expect(log).toHaveTextContent('Text');
    expect(log).toHaveAttribute('href', '/files/7');
    expect(pdf).toHaveTextContent('screenshot.png');
    expect(pdf).toHaveTextContent('PDF document');
    expect(pdf).not.toHaveTextContent('PNG');
  });
});
