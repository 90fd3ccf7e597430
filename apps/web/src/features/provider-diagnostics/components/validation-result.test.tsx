import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatIssuePath, ValidationResult } from './validation-result';

describe('the dry run’s answer', () => {
  it('writes an issue’s path as the API reader would', () => {
    expect(formatIssuePath(['nodePools', 0, 'count'])).toBe('nodePools[0].count');
    expect(formatIssuePath(['region'])).toBe('region');
    expect(formatIssuePath([])).toBe('(configuration)');
  });

  it('says a valid configuration is accepted, with the driver’s estimate', () => {
    render(
      <ValidationResult
        providerName="AWS"
        result={{ valid: true, issues: [], estimate: 'about 14 minutes, 9 steps' }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('AWS accepts this configuration');
    expect(screen.getByTestId('dry-run-estimate')).toHaveTextContent(
      'Creating it would take about 14 minutes, 9 steps.',
    );
  });

  it('lists every refusal with the field it is about', () => {
    render(
      <ValidationResult
        providerName="DigitalOcean"
        result={{
          valid: false,
          issues: [
            { path: ['nodePools', 0, 'count'], message: 'DOKS allows at most 100 nodes' },
            { path: ['region'], message: 'No capacity in nyc1 now' },
          ],
          estimate: null,
        }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('DigitalOcean refuses this configuration (2 issues)');
    const issues = within(alert).getAllByRole('listitem');
    expect(issues.map((issue) => issue.textContent)).toEqual([
      'nodePools[0].count DOKS allows at most 100 nodes',
      'region No capacity in nyc1 now',
    ]);
    expect(screen.queryByTestId('dry-run-estimate')).not.toBeInTheDocument();
  });
});
