import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** The 6-digit code of an authenticator app; FormControl gives it its id and aria attributes. */
export function CodeInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <Input
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="123456"
      className={cn('font-mono tracking-widest', className)}
      {...props}
    />
  );
}
