import { createFileRoute } from "@tanstack/react-router";
import { ProfileCard } from "../../features/store/ProfileCard";

export const Route = createFileRoute("/_public/profile")({
  component: ProfilePage,
});

function ProfilePage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-stone-900">Mi perfil</h1>
      <ProfileCard />
    </div>
  );
}
