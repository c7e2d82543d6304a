module github.com/chariot-ai/chariot

go 1.26
