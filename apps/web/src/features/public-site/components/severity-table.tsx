/** First-answer targets by severity; the same figures as the support tutorial. */
const rows = [
  {
    severity: 'Critical',
    when: 'Production is down or data is at risk',
    answer: '1 hour, 24/7 (Enterprise tier)',
  },
  { severity: 'High', when: 'Production is degraded, no workaround', answer: '4 business hours' },
  {
    severity: 'Normal',
    when: 'A question, or a problem with a workaround',
    answer: '1 business day',
  },
  { severity: 'Low', when: 'Feedback and feature requests', answer: '3 business days' },
];

export function SeverityTable() {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-sm">
        <caption className="sr-only">First answer time by severity</caption>
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Severity
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Use it when
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              First answer within
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.severity} className="border-t border-border">
              <th scope="row" className="px-4 py-2.5 text-left font-medium">
                {r.severity}
              </th>
              <td className="px-4 py-2.5 text-muted-foreground">{r.when}</td>
              <td className="px-4 py-2.5">{r.answer}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
