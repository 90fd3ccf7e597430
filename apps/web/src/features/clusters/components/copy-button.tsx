// Shared with other features' pages: the one copy button lives in components/ui.
export { CopyButton } from '@/components/ui/copy-button';
