// The breakroom board chunk: the TV page, outside every layout and the sign-in guard.
export { BoardErrorFallback, BreakroomBoardPage } from '@/features/boards/routes/BreakroomBoardPage';
