.PHONY: setup serve test demo bench

setup:
	scripts/setup.sh

serve:
	scripts/serve.sh

test:
	scripts/test.sh

demo:
	.venv/bin/python manage.py load_demo
